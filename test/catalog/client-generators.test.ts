import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import openapiTS, { astToString } from 'openapi-typescript';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import ts from 'typescript';
import { adminLogin } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';
import { generatorApi, sql } from '../generator/helpers';

/** Where the generated types and the client program are written: gitignored, outside the type-checked folders. */
const OUT = path.join(__dirname, '..', '..', '.tmp', 'catalog-client');

/**
 * The client program as a client team writes it: openapi-fetch typed by the generated `paths`.
 * Type-checked against the generated types before it runs, so a catalog that types it wrongly fails.
 */
const CLIENT = `
import createClient from 'openapi-fetch';
import type { paths } from './atrium';

export async function runClient(baseUrl: string, username: string, password: string) {
  const client = createClient<paths>({ baseUrl });
  const login = await client.POST('/api/v1/auth/login', { body: { username, password } });
  if (!login.data) throw new Error('login refused: ' + JSON.stringify(login.error));
  // A user with two-factor sign-in on is answered an mfaToken instead: the client must tell which.
  if (!('accessToken' in login.data.data)) throw new Error('login needs a second factor');
  const headers = { Authorization: 'Bearer ' + login.data.data.accessToken };
  const users = await client.GET('/api/v1/users', { params: { query: { page: 2, pageSize: 2, sort: ['username,asc'] } }, headers });
  if (!users.data) throw new Error('users refused: ' + JSON.stringify(users.error));
  const task = { idempotencyKey: 'client-' + Date.now(), type: 'system.echo', payload: { hello: 'world' } };
  const submitted = await client.POST('/api/v1/tasks', { body: task, headers });
  if (!submitted.data) throw new Error('task refused: ' + JSON.stringify(submitted.error));
  const made: { id: string; type: string; state: string } = submitted.data.data;
  return { page: users.data.data.page, usernames: users.data.data.items.map((u) => u.username), task: made };
}
`;

interface ClientResult {
  page: number;
  usernames: string[];
  task: { id: string; type: string; state: string };
}

/**
 * What a client team does with the live catalog: generate types with openapi-typescript, lint
 * it with Redocly's recommended rules, and call the server through a client typed by it. The
 * catalog includes a module the generator made from a table.
 */
describe('the live catalog in client generators', () => {
  let server: TestServer;
  let catalog: string;
  let bearer: string;

  before(async () => {
    server = await startTestServer({ withoutAuth: true });
    bearer = (await adminLogin(server)).bearer;
    await sql(server, 'create table catalog_gadget (id uuid primary key, name varchar(80) not null, weight int, version int not null default 1)');
    // The generator's helpers, as the real administrator (this server has no fixture tokens).
    const api = generatorApi(server);
    const table = await api.import({ tableName: 'catalog_gadget' }, bearer);
    expect(table.status, table.text).to.equal(201);
    const made = await api.generate(table.body.data.id as string, bearer);
    expect(made.status, made.text).to.equal(200);
    const res = await server.http().get('/v3/api-docs').set('Authorization', bearer);
    expect(res.status).to.equal(200);
    catalog = res.text;
    expect(Object.keys(JSON.parse(catalog).paths as object).some((p) => p.includes('gadget'))).to.equal(true);
  });

  after(() => server?.stop());

  it("gives every operation, the generated module's too, a summary and a description", () => {
    const bare: string[] = [];
    for (const [path, operations] of Object.entries(JSON.parse(catalog).paths as Record<string, Record<string, { summary?: string; description?: string }>>)) {
      for (const [method, operation] of Object.entries(operations))
        if (!operation.summary?.trim() || !operation.description?.trim()) bare.push(`${method.toUpperCase()} ${path}`);
    }
    expect(bare).to.deep.equal([]);
  });

  it("names the generated module's record and bodies as schemas, like a built-in module's", () => {
    const { paths, components } = JSON.parse(catalog) as { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };
    expect(components.schemas).to.include.keys('CatalogGadget', 'CatalogGadgetCreate', 'CatalogGadgetUpdate');
    const [, item] = Object.entries(paths).find(([path]) => path.includes('gadget') && path.endsWith('{id}'))!;
    expect(item.put.requestBody.content['application/json'].schema).to.deep.equal({ $ref: '#/components/schemas/CatalogGadgetUpdate' });
  });

  it("passes Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: catalog, absoluteRef: 'catalog.json', config });
    const found = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    // Known: no-ambiguous-paths ignores methods and reports each path once, against the first
    // earlier one it matches. /tasks/schedules/{id} matches every /tasks/{id}/<word>: attempts,
    // and the run, cancel and retry actions api.md fixes, so moving attempts alone would only
    // name /tasks/{id}/cancel instead. Neither id can be such a word (both are UUIDs).
    const known = (p: string) =>
      p.startsWith('warn no-ambiguous-paths') && p.includes('/api/v1/tasks/{id}/attempts') && p.includes('/api/v1/tasks/schedules/{id}');
    expect(found.filter((p) => !known(p))).to.deep.equal([]);
  });

  it('generates TypeScript types with openapi-typescript, named schemas as named types', async () => {
    const types = astToString(await openapiTS(JSON.parse(catalog) as never));
    fs.mkdirSync(OUT, { recursive: true });
    fs.writeFileSync(path.join(OUT, 'atrium.d.ts'), types);
    for (const name of ['User', 'UserCreate', 'DepartmentNode', 'Task', 'TaskSubmit']) expect(types).to.match(new RegExp(`\\b${name}: \\{`), name);
  });

  it('types a client that logs in, reads the second page of users and submits a task, and runs it', async () => {
    const program = path.join(OUT, 'client.ts');
    fs.writeFileSync(program, CLIENT);
    const compiled = ts.createProgram([program], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.Node16,
      moduleResolution: ts.ModuleResolutionKind.Node16,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
      types: ['node'],
    });
    const errors = ts.getPreEmitDiagnostics(compiled).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).to.deep.equal([]);
    for (let i = 0; i < 3; i += 1) {
      await server
        .http()
        .post('/api/v1/users')
        .set('Authorization', bearer)
        .send({ username: `client-user-${i}`, nickname: `Client ${i}`, password: 'client-password-1' })
        .expect(201);
    }
    const { runClient } = (await import(program)) as { runClient: (url: string, username: string, password: string) => Promise<ClientResult> };
    const result = await runClient(server.url, 'admin', 'admin-local-only');
    expect(result.page).to.equal(2);
    expect(result.usernames).to.have.length(2);
    expect(result.task).to.include({ type: 'system.echo' });
  });
});
