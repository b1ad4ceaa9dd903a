import { expect } from 'chai';
import { Validator } from '@seriousme/openapi-schema-validator';
import { routeTemplate } from '../../kernel/http/route-table';
import { ADMIN, tokenFor, type TestServer } from '../support/server';
import { expectError, startEchoServer } from './helpers';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const CATALOG_READER = tokenFor('reader', ['system:catalog:query']);

describe('HTTP API catalog (/v3/api-docs)', () => {
  let server: TestServer;
  let doc: Json;
  before(async () => {
    server = await startEchoServer();
    doc = await fetchDoc();
  });
  after(() => server.stop());

  async function fetchDoc(): Promise<Json> {
    const res = await server.http().get('/v3/api-docs').set('Authorization', CATALOG_READER);
    expect(res.status, res.text).to.equal(200);
    expect(res.headers['content-type']).to.match(/^application\/json/);
    return JSON.parse(res.text) as Json;
  }

  function operations(document: Json): { method: string; path: string; op: Json }[] {
    return Object.entries(document.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({ method, path, op: op as Json })),
    );
  }

  const op = (method: string, path: string): Json => doc.paths[path][method] as Json;

  it('needs system:catalog:query: 401 without a token, 403 without the permission', async () => {
    expectError(await server.http().get('/v3/api-docs'), 401, 'AUTH_TOKEN_MISSING_401');
    expectError(await server.http().get('/v3/api-docs').set('Authorization', tokenFor('eve', ['system:module:list'])), 403, 'PERM_DENIED_403');
  });

  it('is an OpenAPI 3.1.0 document, valid by the OpenAPI schema', async () => {
    expect(doc.openapi).to.equal('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.valid, JSON.stringify(result.errors, null, 2)).to.equal(true);
    expect(validator.version).to.equal('3.1');
  });

  it('lists exactly the live routes, no more and no fewer', () => {
    const listed = operations(doc).map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort();
    const live = server.kernel.routes.entries.map(({ route }) => `${route.method} ${routeTemplate(route)}`).sort();
    expect(listed).to.deep.equal(live);
    expect(listed).to.include.members(['GET /api/v1/system/health', 'POST /api/v1/echo/items', 'GET /v3/api-docs', 'GET /metrics']);
  });

  it('gives every operation security: [] when public, bearer otherwise with its x-permission', () => {
    const byKey = new Map(server.kernel.routes.entries.map(({ route }) => [`${route.method.toLowerCase()} ${routeTemplate(route)}`, route]));
    for (const { method, path, op: operation } of operations(doc)) {
      const route = byKey.get(`${method} ${path}`)!;
      if (route.public === true) {
        expect(operation.security, `${method} ${path}`).to.deep.equal([]);
        expect(operation, `${method} ${path}`).to.not.have.property('x-permission');
      } else if (route.authenticated === true) {
        // Login-only: bearer, no permission, so no 403 either.
        expect(operation.security, `${method} ${path}`).to.deep.equal([{ bearerAuth: [] }]);
        expect(operation, `${method} ${path}`).to.include({ 'x-authenticated-only': true }).and.not.have.property('x-permission');
        expect(Object.keys(operation.responses as Json), `${method} ${path}`).to.include('401').and.not.include('403');
      } else {
        expect(operation.security, `${method} ${path}`).to.deep.equal([{ bearerAuth: [] }]);
        expect(operation['x-permission'], `${method} ${path}`).to.equal(route.permission);
        expect(Object.keys(operation.responses as Json), `${method} ${path}`).to.include.members(['401', '403']);
      }
    }
    expect(doc.components.securitySchemes.bearerAuth).to.include({ type: 'http', scheme: 'bearer' });
  });

  it('gives every operation a unique operationId and a summary', () => {
    const ids = operations(doc).map(({ op: operation }) => operation.operationId as string);
    expect(new Set(ids).size).to.equal(ids.length);
    for (const { op: operation } of operations(doc)) expect(operation.summary).to.be.a('string').that.is.not.empty;
  });

  it('declares every path template parameter as a required path parameter with its schema', () => {
    for (const { path, op: operation } of operations(doc)) {
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        const parameter = (operation.parameters as Json[]).find((p) => p.in === 'path' && p.name === name);
        expect(parameter, `${path} {${name}}`).to.include({ required: true });
      }
    }
    const id = (op('get', '/api/v1/echo/items/{id}').parameters as Json[]).find((p) => p.name === 'id')!;
    expect(id.schema).to.deep.equal({ type: 'string', pattern: '^[a-z0-9-]{1,32}$' });
  });

  it('describes the request body as validated: required fields, closed objects at every depth', () => {
    const body = op('post', '/api/v1/echo/items').requestBody as Json;
    expect(body.required).to.equal(true);
    const schema = body.content['application/json'].schema as Json;
    expect(schema.required).to.have.members(['name', 'count', 'owner']);
    expect(schema.additionalProperties).to.equal(false);
    expect(schema.properties.owner.additionalProperties).to.equal(false);
    expect(schema.properties.owner.properties.contact.additionalProperties).to.equal(false);
    expect(schema.properties.owner.required).to.deep.equal(['id']);
  });

  it('marks a body whose fields are all optional as not required: no body reads as {}', () => {
    const body = op('post', '/api/v1/assets/{id}/signed-url').requestBody as Json;
    expect(body.required).to.equal(false);
  });

  it('describes a list route\'s query: page, pageSize (at most 200), sort and its filters', () => {
    const parameters = op('get', '/api/v1/echo/items').parameters as Json[];
    const byName = new Map(parameters.map((p) => [p.name as string, p]));
    expect([...byName.keys()]).to.have.members(['page', 'pageSize', 'sort', 'keyword', 'kind']);
    for (const p of parameters) expect(p.in).to.equal('query');
    expect(byName.get('pageSize')!.schema).to.include({ type: 'integer', minimum: 1, maximum: 200, default: 20 });
    expect(byName.get('page')!.schema).to.include({ type: 'integer', minimum: 1, default: 1 });
    expect(byName.get('sort')!.schema.description).to.include('name, rank, createdAt');
    expect(byName.get('keyword')!.description).to.equal('Part of the name.');
  });

  it('describes a list route\'s data as one page { items, page, pageSize, total } of items', () => {
    const schema = op('get', '/api/v1/echo/items').responses['200'].content['application/json'].schema as Json;
    expect(schema.properties.code).to.deep.equal({ const: '0' });
    const data = schema.properties.data as Json;
    expect(Object.keys(data.properties as Json)).to.have.members(['items', 'page', 'pageSize', 'total']);
    expect(Object.keys(data.properties.items.items.properties as Json)).to.have.members(['id', 'name', 'kind', 'rank', 'createdAt']);
  });

  it('lists each operation\'s error responses with their codes, by status', () => {
    const responses = op('post', '/api/v1/echo/items/{id}/reserve').responses as Json;
    expect(Object.keys(responses)).to.include.members(['200', '400', '401', '403', '409', '429', '500']);
    expect(responses['409'].description).to.include('ECHO_ITEM_RESERVED_409');
    expect(responses['409'].content['application/json'].schema).to.deep.equal({ $ref: '#/components/schemas/Error' });
    const body = op('post', '/api/v1/echo/items').responses as Json;
    expect(body['400'].description).to.include('VALIDATION_MALFORMED_BODY_400');
    expect(body['413'].description).to.include('SYSTEM_PAYLOAD_TOO_LARGE_413');
    expect(op('get', '/api/v1/system/health').responses).to.not.have.property('429');
  });

  it('adds the description of an @openapi doc comment in a module\'s routes file', () => {
    expect(op('post', '/api/v1/echo/items').description).to.equal('Echoes the item back as created. Written in a doc comment, merged by the kernel.');
  });

  it('never lists a path that only a doc comment names', () => {
    expect(doc.paths).to.not.have.property('/api/v1/echo/ghost');
  });

  it('follows the live route table: a disabled module\'s routes leave the catalog, and return', async () => {
    await server.http().post('/api/v1/system/modules/test-echo/disable').set('Authorization', ADMIN).expect(200);
    try {
      const paths = Object.keys((await fetchDoc()).paths as Json);
      expect(paths.filter((p) => p.startsWith('/api/v1/echo'))).to.deep.equal([]);
      expectError(await server.http().get('/api/v1/echo/ping'), 404, 'SYSTEM_NOT_FOUND_404');
    } finally {
      await server.http().post('/api/v1/system/modules/test-echo/enable').set('Authorization', ADMIN).expect(200);
    }
    expect((await fetchDoc()).paths).to.have.property('/api/v1/echo/items');
  });
});
