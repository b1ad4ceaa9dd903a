import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Response } from 'supertest';
import { adminLogin } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';

type Json = Record<string, any>;

/** An id no row has: a request that passes validation ends at the handler's 404, changing nothing. */
const NO_SUCH = '01890a5d-ac96-774b-bcce-b302099a8057';
/** What ajv reports: a 400 carrying one of these came from the validator, not from a handler. */
const SCHEMA_RULES = new Set([
  'type',
  'required',
  'additionalProperties',
  'enum',
  'const',
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'anyOf',
  'oneOf',
  'uniqueItems',
  'maxItems',
  'minItems',
  'minProperties',
  'maxProperties',
]);

/**
 * The request schemas of the catalog are the ones the server validates with: compiled by ajv from
 * the catalog, each one accepts and refuses the same inputs as the live server, for every
 * operation that takes a JSON body or query parameters.
 */
describe("the catalog's request schemas against the live server's validation", () => {
  let server: TestServer;
  let doc: Json;
  let bearer: string;
  const ajv = (coerce: boolean) => {
    const instance = new Ajv2020({ strict: false, allErrors: true, coerceTypes: coerce ? 'array' : false });
    addFormats(instance);
    return instance;
  };
  const bodies = ajv(false);
  const queries = ajv(true);

  before(async () => {
    // Thousands of requests, one client: the rate limit is not what this file checks.
    server = await startTestServer({ withoutAuth: true, config: { rateLimit: { points: 100_000, windowSeconds: 60 } } });
    bearer = (await adminLogin(server)).bearer;
    doc = JSON.parse((await server.http().get('/v3/api-docs').set('Authorization', bearer).expect(200)).text) as Json;
    // The catalog's components, where the request schemas' references point.
    for (const instance of [bodies, queries]) instance.addSchema({ $id: 'https://atrium.test/catalog.json', components: doc.components });
  });
  after(() => server?.stop());

  const anchored = (schema: Json): Json =>
    JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"https://atrium.test/catalog.json#/components/')) as Json;
  const resolved = (schema: Json): Json => (schema.$ref ? doc.components.schemas[(schema.$ref as string).split('/').pop()!] : schema) as Json;

  function operations(): { method: string; path: string; op: Json }[] {
    return Object.entries(doc.paths as Json).flatMap(([path, item]) => Object.entries(item as Json).map(([method, op]) => ({ method, path, op: op as Json })));
  }

  /** The path with each parameter an id no row has (or a well-formed name no module uses). */
  function concrete(path: string, op: Json): string {
    return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const schema = (op.parameters as Json[]).find((p) => p.name === name)?.schema as Json | undefined;
      return schema?.format === 'uuid' ? NO_SUCH : schema?.enum ? String(schema.enum[0]) : 'zz-no-such';
    });
  }

  const refusedByValidation = (res: Response) =>
    res.status === 400 && res.body.code === 'VALIDATION_FAILED_400' && (res.body.details as { rule?: string }[]).some((d) => SCHEMA_RULES.has(d.rule ?? ''));

  /** Bodies each property and the object itself may be tested with: most are wrong somewhere. */
  function bodySamples(schema: Json): unknown[] {
    const properties = Object.keys((resolved(schema).properties ?? {}) as Json);
    return [{}, { unexpectedProperty: 1 }, ...properties.flatMap((name) => [{ [name]: [[]] }, { [name]: 'x'.repeat(2000) }, { [name]: -1 }])];
  }

  it("refuses over HTTP every body the catalog's schema refuses, and lets through every one it accepts", async () => {
    const disagreements: string[] = [];
    let compared = 0;
    for (const { method, path, op } of operations()) {
      const content = op.requestBody?.content?.['application/json'] as Json | undefined;
      // A body accepted by validation reaches the handler: only where the path names no row (404).
      if (!content || path === '/api/v1/auth/logout') continue;
      const validate = bodies.compile(anchored(content.schema as Json));
      const pathParams = /\{/.test(path);
      for (const sample of bodySamples(content.schema as Json)) {
        const accepted = validate(structuredClone(sample));
        if (accepted && !pathParams) continue;
        const http = server.http() as any;
        const res = await http[method](concrete(path, op))
          .set('Authorization', bearer)
          .send(sample as object);
        compared += 1;
        if (accepted === refusedByValidation(res))
          disagreements.push(
            `${method.toUpperCase()} ${path} ${JSON.stringify(sample).slice(0, 80)}: catalog ${accepted ? 'accepts' : 'refuses'}, server ${res.status} ${JSON.stringify(res.body.details ?? '').slice(0, 160)}`,
          );
      }
    }
    expect(disagreements).to.deep.equal([]);
    expect(compared).to.be.greaterThan(100);
  });

  it("refuses over HTTP every query value the catalog's parameter schema refuses", async () => {
    const disagreements: string[] = [];
    let compared = 0;
    for (const { path, op } of operations().filter(({ method }) => method === 'get')) {
      for (const parameter of (op.parameters as Json[]).filter((p) => p.in === 'query')) {
        const validate = queries.compile(anchored(parameter.schema as Json));
        for (const value of ['not-a-number', '-5', '100000', 'x'.repeat(300)]) {
          const accepted = validate(value);
          if (accepted && /\{/.test(path) === false) continue;
          const res = await server
            .http()
            .get(concrete(path, op))
            .query({ [parameter.name as string]: value })
            .set('Authorization', bearer);
          compared += 1;
          if (accepted === refusedByValidation(res))
            disagreements.push(`GET ${path} ?${parameter.name}=${value.slice(0, 20)}: catalog ${accepted ? 'accepts' : 'refuses'}, server ${res.status}`);
        }
      }
    }
    expect(disagreements).to.deep.equal([]);
    expect(compared).to.be.greaterThan(50);
  });
});
