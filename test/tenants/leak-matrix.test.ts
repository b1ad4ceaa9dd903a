import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Response } from 'supertest';
import { upload } from '../assets/helpers';
import { generated, generatorApi, imported } from '../generator/helpers';
import { expectSuccess } from '../http/helpers';
import { adminLogin, login, type Tokens } from '../support/identity';
import { fixture, startTestServer, type TestServer } from '../support/server';
import { createTenant, settled, tenantOwnedTables } from './helpers';

type Json = Record<string, any>;

const PASSWORD = 'leak-matrix-passphrase-1';

/**
 * The leak matrix, built from the live catalog: two tenants' administrators, each holding every
 * permission a tenant may hold. Every operation of the catalog is sent by B naming A's rows — in
 * its path, its query and its body — and must read nothing of A's (no id of A's in any answer),
 * write nothing of A's (A's rows the same, to the byte, before and after) and answer as if A's
 * rows did not exist: 404, never 403, which would say they do. An operation B may not use at all
 * (a permission of scope global) answers 403 before it looks at anything.
 */
describe('tenants: the leak matrix, from the live catalog', () => {
  let server: TestServer;
  let a: Tokens;
  let b: Tokens;
  let tenantA: string;
  let held: Set<string>;
  let doc: Json;
  /** A's ids, by the collection path that lists them (`/api/v1/users`). */
  const idsOfA = new Map<string, string[]>();

  before(async () => {
    // A dropped-in module whose raw SQL names no tenant (test/fixtures/modules/tenant-notes) beside the built-in ones.
    server = await startTestServer({ modulePaths: [fixture('tenant-notes')] });
    const platform = await adminLogin(server);
    // And a generated module, made before the tenants so their administrators hold its permissions.
    await server.sql('create table leak_ticket (id uuid primary key, code varchar(40) not null unique, title varchar(200) not null)');
    const generator = generatorApi(server);
    await generated(generator, (await imported(generator, 'leak_ticket')).id);
    const tenant = await createTenant(server, platform.bearer, 'leak-a', PASSWORD);
    ({ id: tenantA, chief: a } = tenant);
    b = (await createTenant(server, platform.bearer, 'leak-b', PASSWORD)).chief;
    held = new Set((expectSuccess(await as(b, 'get', '/api/v1/me')).data as { permissions: string[] }).permissions);
    doc = JSON.parse((await server.http().get('/v3/api-docs').set('Authorization', platform.bearer).expect(200)).text) as Json;

    // One of every kind of row a tenant has, made by A through the API.
    const dept = expectSuccess(await as(a, 'post', '/api/v1/departments').send({ name: 'A head office' }), 201).data as { id: string };
    const post = expectSuccess(await as(a, 'post', '/api/v1/posts').send({ code: 'a-clerk', name: 'A clerk' }), 201).data as { id: string };
    const role = expectSuccess(
      await as(a, 'post', '/api/v1/roles').send({
        code: 'a-viewer',
        name: 'A viewer',
        permissions: ['system:user:list'],
        dataScope: 'custom',
        deptIds: [dept.id],
      }),
      201,
    ).data as { id: string };
    expectSuccess(
      await as(a, 'post', '/api/v1/users').send({ username: 'a-member', password: PASSWORD, deptId: dept.id, roleIds: [role.id], postIds: [post.id] }),
      201,
    );
    expectSuccess(await upload(server, 'a-plan.txt', 'A only', a.bearer), 201);
    expectSuccess(await as(a, 'post', '/api/v1/tenant-notes').send({ text: 'A only' }), 201);
    // A's task and schedule, which neither run nor fire: A's rows stay the same while the matrix runs.
    expectSuccess(await as(a, 'post', '/api/v1/tasks').send({ idempotencyKey: 'a-only', type: 'system.echo', autoRun: false }), 201);
    expectSuccess(await as(a, 'post', '/api/v1/tasks/schedules').send({ name: 'A only', cron: '0 3 * * *', type: 'system.echo', enabled: false }), 201);
    // A's own params and dictionaries: one of its own, and its override of a platform default,
    // which B reads too (its default, never A's value).
    expectSuccess(await as(a, 'post', '/api/v1/params').send({ key: 'a.only', value: 'A only', name: 'A only' }), 201);
    expectSuccess(await as(a, 'post', '/api/v1/params').send({ key: 'users.password.minLength', value: '9', name: 'A policy' }), 201);
    expectSuccess(await as(a, 'post', '/api/v1/dictionaries').send({ code: 'a_only', name: 'A only' }), 201);
    expectSuccess(await as(a, 'post', '/api/v1/leak-ticket').send({ code: 'A-1', title: 'A only' }), 201);
    // A's notice, published to A's people (so A's own list of notices has it too).
    const notice = expectSuccess(await as(a, 'post', '/api/v1/notices').send({ title: 'A only', content: 'A only' }), 201).data as { id: string };
    expectSuccess(await as(a, 'post', `/api/v1/notices/${notice.id}/publish`));
    await login(server, 'a-member', PASSWORD, { tenant: 'leak-a' });
    // A's API key, never used: its last use stays as it is while the matrix runs.
    expectSuccess(await as(a, 'post', '/api/v1/me/api-keys').send({ name: 'A only', permissions: ['me:profile:query'] }), 201);
    expectSuccess(
      await as(a, 'post', '/api/v1/sso/providers').send({
        name: 'a-only',
        displayName: 'A only',
        issuer: 'https://idp.leak-a.example',
        clientId: 'a-only',
        clientSecret: 'a-only-secret',
      }),
      201,
    );

    // Every list A may read, and the ids on its page that are rows of A's own (menus, say, are everyone's).
    const own = await rowsOfA();
    for (const { method, path } of operations()) {
      if (method !== 'get' || path.includes('{')) continue;
      const res = await as(a, 'get', path);
      const items = (res.body?.data as { items?: { id?: string }[] } | undefined)?.items;
      const ids = Array.isArray(items) ? items.map((item) => item.id).filter((id): id is string => typeof id === 'string' && own.has(id)) : [];
      if (res.status === 200 && ids.length > 0) idsOfA.set(path, ids);
    }
    // An administrator's reset of a second factor (DELETE /auth/users/{id}/mfa) names a user: A's users.
    idsOfA.set('/api/v1/auth/users', idsOfA.get('/api/v1/users') ?? []);
  });
  after(() => server?.stop());

  function as(tokens: Tokens, method: string, path: string) {
    return (server.http() as any)[method](path).set('Authorization', tokens.bearer);
  }

  /**
   * Every operation but the event stream (GET /me/events), which never ends: what reaches a
   * stream is matched against its own caller's tenant (test/kernel/client-events.test.ts).
   */
  function operations(): { method: string; path: string; op: Json }[] {
    const streams = (op: Json) => Object.keys(((op.responses as Json | undefined)?.['200'] as Json | undefined)?.content ?? {}).includes('text/event-stream');
    return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json)
        .filter(([method, op]) => ['get', 'post', 'put', 'delete'].includes(method) && !streams(op as Json))
        .map(([method, op]) => ({ method, path, op: op as Json })),
    );
  }

  const allIdsOfA = () => [...new Set([...idsOfA.values()].flat())];

  /** The id of every row of A's, in every tenant-owned table that has ids. */
  async function rowsOfA(): Promise<Set<string>> {
    const ids = new Set<string>();
    for (const table of await tenantOwnedTables(server)) {
      const [{ has }] = await server.sql<{ has: boolean }>(
        "select exists (select from information_schema.columns where table_name = ? and column_name = 'id') as has",
        [table],
      );
      if (!has) continue;
      const rows = await server.sql<{ id: string }>(`select id::text as id from "${table}" where tenant_id = ?`, [tenantA]);
      // Uuids only: a serial id (the notes') would be found in any answer that has its digits.
      for (const row of rows) if (/^[0-9a-f]{8}-[0-9a-f]{4}-/.test(row.id)) ids.add(row.id);
    }
    return ids;
  }

  /**
   * A's rows in every tenant-owned table, as one digest per table: what B must not change. Taken
   * once two readings a moment apart agree: the audit records of A's own requests reach the
   * database a moment after they are answered.
   */
  const snapshotOfA = () => settled(digestsOfA);

  async function digestsOfA(): Promise<Record<string, string>> {
    const digests: Record<string, string> = {};
    for (const table of await tenantOwnedTables(server)) {
      const [row] = await server.sql<{ digest: string }>(
        `select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from "${table}" t where tenant_id = ?`,
        [tenantA],
      );
      digests[table] = row.digest;
    }
    return digests;
  }

  /** A body the operation's schema accepts: its required fields, each with a value of its type. */
  function sampleBody(op: Json): Json | undefined {
    const content = op.requestBody?.content?.['application/json'] as Json | undefined;
    return content ? (sampleOf(content.schema as Json) as Json) : undefined;
  }

  function sampleOf(schema: Json): unknown {
    const resolved = schema.$ref ? (doc.components.schemas[(schema.$ref as string).split('/').pop()!] as Json) : schema;
    if (resolved.anyOf) return sampleOf(resolved.anyOf[0] as Json);
    if (resolved.enum) return resolved.enum[0];
    if (resolved.const !== undefined) return resolved.const;
    switch (resolved.type) {
      case 'object':
        return Object.fromEntries(((resolved.required ?? []) as string[]).map((name) => [name, sampleOf(resolved.properties[name] as Json)]));
      case 'array':
        return [];
      case 'integer':
      case 'number':
        return Math.max(1, (resolved.minimum as number | undefined) ?? 1);
      case 'boolean':
        return false;
      default:
        if (resolved.format === 'uuid') return randomUUID();
        if (resolved.format === 'date-time') return new Date().toISOString();
        return 'leak-probe-value-1';
    }
  }

  /** What B learns: nothing of A's — no id of A's anywhere in the answer, but those B sent (an error may name what it was sent). */
  function expectNothingOfA(res: Response, what: string, sent: readonly string[] = []): void {
    const text = JSON.stringify(res.body ?? '') + (typeof res.text === 'string' ? res.text : '');
    for (const id of allIdsOfA()) if (!sent.includes(id)) expect(text, `${what} answered one of A's ids`).to.not.include(id);
  }

  it("answers 404 to every operation naming A's row in its path, reading and writing nothing of A's", async () => {
    const before = await snapshotOfA();
    const exercised: string[] = [];
    const uncovered: string[] = [];
    for (const { method, path, op } of operations()) {
      if (!path.includes('{id}') || path.split('{').length > 2) continue;
      const collection = path.slice(0, path.indexOf('/{id}'));
      const permission = op['x-permission'] as string | undefined;
      const mayUse = permission === undefined || held.has(permission);
      const ids = idsOfA.get(collection) ?? [];
      if (ids.length === 0) {
        if (mayUse) uncovered.push(`${method.toUpperCase()} ${path}`);
        continue;
      }
      const send = (id: string): Promise<Response> => {
        const request = as(b, method, path.replace('{id}', id));
        const body = sampleBody(op);
        return body === undefined ? request : request.send(body);
      };
      // The answer for an id that no tenant has: A's must be answered the same, to the code.
      const nowhere = await send(randomUUID());
      for (const id of ids) {
        const res = await send(id);
        const what = `${method.toUpperCase()} ${path} with A's ${id}`;
        expect([res.status, res.body.code], `${what}: ${JSON.stringify(res.body)}`).to.deep.equal([nowhere.status, nowhere.body.code]);
        // Protected: 404 to what B may use, 403 to a permission of scope global; public (a signed URL): refused alike.
        if (permission !== undefined) expect(res.status, what).to.equal(mayUse ? 404 : 403);
        else expect(res.status, what).to.be.within(400, 499);
        expectNothingOfA(res, what, [id]);
        exercised.push(what);
      }
    }
    expect(uncovered, 'operations B may use whose rows A has none of: the matrix would not see them').to.deep.equal([]);
    for (const collection of [
      '/api/v1/users',
      '/api/v1/roles',
      '/api/v1/departments',
      '/api/v1/posts',
      '/api/v1/assets',
      '/api/v1/system/sessions',
      '/api/v1/leak-ticket',
    ]) {
      expect(idsOfA.get(collection), `A's rows listed at ${collection}`).to.have.length.greaterThan(0);
    }
    expect(exercised.length).to.be.greaterThan(20);
    expect(await snapshotOfA()).to.deep.equal(before);
  });

  it("finds nothing of A's through a query naming A's ids: every list B reads, with each of its id filters", async () => {
    const before = await snapshotOfA();
    let probes = 0;
    for (const { method, path, op } of operations()) {
      if (method !== 'get' || path.includes('{') || !idsOfA.has(path)) continue;
      const idParams = ((op.parameters ?? []) as Json[]).filter((p) => p.in === 'query' && p.schema?.format === 'uuid').map((p) => p.name as string);
      for (const name of idParams) {
        for (const id of allIdsOfA()) {
          const res: Response = await as(b, 'get', path).query({ [name]: id });
          expect([200, 400], `${path}?${name}=${id}: ${JSON.stringify(res.body)}`).to.include(res.status);
          if (res.status === 200) expect((res.body.data as { total: number }).total, `${path}?${name}=A's ${id}`).to.equal(0);
          expectNothingOfA(res, `${path}?${name}=${id}`, [id]);
          probes += 1;
        }
      }
      const plain: Response = await as(b, 'get', path);
      if (path.startsWith('/api/v1/audit/')) {
        // B's own records, whose paths name the ids B sent above: each of them B's tenant's.
        const items = (plain.body.data as { items: { tenantId: string }[] }).items;
        expect(items.length).to.be.greaterThan(0);
        expect(
          items.filter((item) => item.tenantId === tenantA),
          `GET ${path}`,
        ).to.deep.equal([]);
      } else {
        expectNothingOfA(plain, `GET ${path}`);
      }
    }
    expect(probes).to.be.greaterThan(10);
    expect(await snapshotOfA()).to.deep.equal(before);
  });

  it("writes nothing into A through a body naming A's rows: B's creates that refer to them are refused", async () => {
    const before = await snapshotOfA();
    const [dept] = idsOfA.get('/api/v1/departments')!;
    const [role] = idsOfA.get('/api/v1/roles')!;
    const [post] = idsOfA.get('/api/v1/posts')!;
    const attempts: [string, Json][] = [
      ['/api/v1/users', { username: 'b-probe-dept', password: PASSWORD, deptId: dept }],
      ['/api/v1/users', { username: 'b-probe-role', password: PASSWORD, roleIds: [role] }],
      ['/api/v1/users', { username: 'b-probe-post', password: PASSWORD, postIds: [post] }],
      ['/api/v1/departments', { name: 'B under A', parentId: dept }],
      ['/api/v1/roles', { code: 'b-probe', name: 'B probe', permissions: ['system:user:list'], dataScope: 'custom', deptIds: [dept] }],
    ];
    for (const [path, body] of attempts) {
      const res: Response = await as(b, 'post', path).send(body);
      expect([400, 404], `POST ${path} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).to.include(res.status);
      expectNothingOfA(res, `POST ${path}`, [dept, role, post]);
    }
    // The dropped-in module's raw SQL, run by B, reaches none of A's notes.
    expect(expectSuccess(await as(b, 'post', '/api/v1/tenant-notes/touch-all').send({ text: 'B was here' })).data).to.deep.equal({ updated: 0 });
    const notes: Response = await as(b, 'get', '/api/v1/tenant-notes');
    expect([notes.status, notes.body.data]).to.deep.equal([200, []]);
    const mine = expectSuccess(await as(b, 'get', '/api/v1/users')).data as { items: { username: string }[] };
    expect(mine.items.map((u) => u.username)).to.deep.equal(['chief']);
    expect(await snapshotOfA()).to.deep.equal(before);
  });
});
