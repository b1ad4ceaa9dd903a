import path from 'node:path';
import { expect } from 'chai';
import { DEFAULT_TENANT_ID } from '../../kernel/api';
import { ADMIN, startTestServer, tokenFor, type TestServer } from '../support/server';
import { eventually, operationFor, sql } from './helpers';

const PROBE = path.join(__dirname, 'fixtures', 'audit-probe');
const FAILING_SINK = path.join(__dirname, 'fixtures', 'failing-sink');

/** The operation log, written by the kernel's `kernel.audit-sink` and read through /audit/operations. */
describe('the operation log', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ modulePaths: [PROBE, FAILING_SINK], captureLogs: true });
  });
  after(() => server.stop());

  const roleBody = (code: string) => ({ code, name: code, permissions: [] });

  describe('what is recorded', () => {
    it('records a POST under the traceId its response carried, with the route, caller, status and client', async () => {
      const res = await server.http().post('/api/v1/roles').set('Authorization', ADMIN).set('User-Agent', 'audit-test/1.0').send(roleBody('recorded_post'));
      expect(res.status).to.equal(201);
      const row = await operationFor(server, res.body.traceId);
      expect(row).to.include({
        method: 'POST',
        path: '/api/v1/roles',
        status: 201,
        module_id: 'roles',
        permission: 'system:role:add',
        user_id: 'user-admin',
        username: 'admin',
        ip: '127.0.0.1',
        user_agent: 'audit-test/1.0',
      });
      expect(row.duration_ms).to.be.a('number').and.at.least(0);
      expect(Date.now() - new Date(row.at as string).getTime()).to.be.within(0, 60_000);
    });

    it('records a GET refused with 401, without a caller', async () => {
      const res = await server.http().get('/api/v1/roles');
      expect(res.status).to.equal(401);
      const row = await operationFor(server, res.body.traceId);
      expect(row).to.include({ method: 'GET', status: 401, module_id: 'roles', permission: 'system:role:list', user_id: null, username: null });
    });

    it('records a GET refused with 403, with the caller who was refused', async () => {
      const res = await server
        .http()
        .get('/api/v1/roles')
        .set('Authorization', tokenFor('nobody', [], { userId: 'user-nobody' }));
      expect(res.status).to.equal(403);
      const row = await operationFor(server, res.body.traceId);
      expect(row).to.include({ method: 'GET', status: 403, user_id: 'user-nobody', username: 'nobody' });
    });

    it('does not record a GET answered 200', async () => {
      const read = await server.http().get('/api/v1/roles').set('Authorization', ADMIN);
      expect(read.status).to.equal(200);
      // Records are written in order: once a later one is in, the read would be in too.
      const later = await server.http().post('/api/v1/roles').set('Authorization', ADMIN).send(roleBody('after_the_read'));
      await operationFor(server, later.body.traceId);
      expect(await sql(server, 'select id from audit_operation where trace_id = ?', [read.body.traceId])).to.deep.equal([]);
    });

    it('records a request no route matched, without a module', async () => {
      const res = await server.http().delete('/api/v1/nowhere/at/all').set('Authorization', ADMIN);
      expect(res.status).to.equal(404);
      const row = await operationFor(server, res.body.traceId);
      expect(row).to.include({ method: 'DELETE', status: 404, module_id: null, permission: null });
    });

    it('keeps a summary of the validated body, its long values cut after 256 characters', async () => {
      const remark = 'r'.repeat(500);
      const res = await server
        .http()
        .post('/api/v1/roles')
        .set('Authorization', ADMIN)
        .send({ ...roleBody('long_remark'), remark });
      expect(res.status).to.equal(201);
      const row = await operationFor(server, res.body.traceId);
      const body = row.body as Record<string, unknown>;
      expect(body.code).to.equal('long_remark');
      expect(body.remark).to.equal(`${'r'.repeat(256)}…`);
    });

    it('bounds a huge body: arrays cut, depth and total size limited', async () => {
      const deep = { a: { b: { c: { d: { e: { f: { g: 'too deep' } } } } } } };
      const items = Array.from({ length: 1000 }, (_, i) => ({ n: i, text: 'x'.repeat(300) }));
      const res = await server.http().post('/api/v1/audit-probe/things').set('Authorization', ADMIN).send({ deep, items });
      expect(res.status).to.equal(200);
      const row = await operationFor(server, res.body.traceId);
      const [{ size }] = await sql<{ size: number }>(server, 'select length(body::text) as size from audit_operation where id = ?', [row.id]);
      expect(size).to.be.below(12_000);
      expect(JSON.stringify(row.body)).not.to.include('too deep');
    });

    it('answers the request whatever a failing sink does, and the other sinks still record it', async () => {
      const res = await server.http().post('/api/v1/roles').set('Authorization', ADMIN).send(roleBody('despite_the_failing_sink'));
      expect(res.status).to.equal(201);
      await operationFor(server, res.body.traceId);
      await eventually('the failing sink to be logged', async () =>
        server.logs.some((l) => l.msg === 'an audit sink failed: the operation is missing from it' && l.traceId === res.body.traceId),
      );
    });
  });

  describe('GET /audit/operations', () => {
    const list = (query: string, token = ADMIN) => server.http().get(`/api/v1/audit/operations${query}`).set('Authorization', token);

    it('answers 403 PERM_DENIED_403 without audit:operation:list', async () => {
      const res = await list('', tokenFor('reader', ['audit:login:list']));
      expect(res.status).to.equal(403);
      expect(res.body.code).to.equal('PERM_DENIED_403');
    });

    it('lists the newest first, with the fields of the list', async () => {
      const first = await server.http().post('/api/v1/roles').set('Authorization', ADMIN).send(roleBody('listed_first'));
      const second = await server.http().post('/api/v1/roles').set('Authorization', ADMIN).send(roleBody('listed_second'));
      await operationFor(server, second.body.traceId);
      const res = await list('?moduleId=roles&method=POST&pageSize=200');
      expect(res.status).to.equal(200);
      const traces = (res.body.data.items as { traceId: string }[]).map((i) => i.traceId);
      expect(traces.indexOf(second.body.traceId)).to.be.below(traces.indexOf(first.body.traceId));
      expect(Object.keys(res.body.data.items[0]).sort()).to.deep.equal(
        [
          'at',
          'credential',
          'durationMs',
          'id',
          'ip',
          'method',
          'moduleId',
          'path',
          'permission',
          'status',
          'tenantId',
          'traceId',
          'userId',
          'username',
        ].sort(),
      );
      expect(res.body.data.items[0].tenantId, 'the tenant of the request: the default one').to.equal(DEFAULT_TENANT_ID);
    });

    it('filters by traceId, user, username whatever its case, module, status, method and time range', async () => {
      const caller = tokenFor('Filtered.Caller', ['system:role:add'], { userId: 'user-filtered' });
      const res = await server.http().post('/api/v1/roles').set('Authorization', caller).send(roleBody('filtered_role'));
      const row = await operationFor(server, res.body.traceId);
      const at = new Date(row.at as string).getTime();
      const only = async (query: string) => (await list(query)).body.data.items.map((i: { traceId: string }) => i.traceId);
      expect(await only(`?traceId=${res.body.traceId}`)).to.deep.equal([res.body.traceId]);
      expect(await only('?userId=user-filtered')).to.deep.equal([res.body.traceId]);
      expect(await only('?username=filtered.caller')).to.deep.equal([res.body.traceId]);
      expect(await only(`?traceId=${res.body.traceId}&moduleId=roles&status=201&method=POST`)).to.deep.equal([res.body.traceId]);
      expect(await only(`?traceId=${res.body.traceId}&status=403`)).to.deep.equal([]);
      expect(await only(`?traceId=${res.body.traceId}&method=PUT`)).to.deep.equal([]);
      const iso = (ms: number) => new Date(ms).toISOString();
      expect(await only(`?traceId=${res.body.traceId}&from=${iso(at)}&to=${iso(at + 1)}`)).to.deep.equal([res.body.traceId]);
      expect(await only(`?traceId=${res.body.traceId}&from=${iso(at + 1)}`)).to.deep.equal([]);
      expect(await only(`?traceId=${res.body.traceId}&to=${iso(at)}`)).to.deep.equal([]);
    });

    it('sorts on the whitelist and answers 400 for any other field', async () => {
      const sorted = await list('?status=403&sort=status,desc&sort=durationMs,asc');
      expect(sorted.status).to.equal(200);
      const refused = await list('?sort=body,asc');
      expect(refused.status).to.equal(400);
      expect(refused.body.details[0].field).to.equal('/query/sort');
    });

    it('pages with a total', async () => {
      const res = await list('?page=1&pageSize=1');
      expect(res.body.data).to.include({ page: 1, pageSize: 1 });
      expect(res.body.data.items).to.have.length(1);
      expect(res.body.data.total).to.be.above(1);
    });
  });

  describe('GET /audit/operations/{id}', () => {
    it('answers one record with its user agent, body summary and changes', async () => {
      const res = await server.http().post('/api/v1/roles').set('Authorization', ADMIN).set('User-Agent', 'detail/2').send(roleBody('detailed_role'));
      const row = await operationFor(server, res.body.traceId);
      const one = await server
        .http()
        .get(`/api/v1/audit/operations/${row.id as string}`)
        .set('Authorization', ADMIN);
      expect(one.status).to.equal(200);
      expect(one.body.data).to.include({ id: row.id, traceId: res.body.traceId, userAgent: 'detail/2', status: 201 });
      expect(one.body.data.body).to.include({ code: 'detailed_role' });
      expect(one.body.data.changes).to.have.length(1);
    });

    it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for an id no record has', async () => {
      const res = await server.http().get('/api/v1/audit/operations/01900000-0000-7000-8000-000000000000').set('Authorization', ADMIN);
      expect(res.status).to.equal(404);
      expect(res.body.code).to.equal('SYSTEM_RESOURCE_NOT_FOUND_404');
    });

    it('answers 403 PERM_DENIED_403 without audit:operation:query', async () => {
      const res = await server
        .http()
        .get('/api/v1/audit/operations/01900000-0000-7000-8000-000000000000')
        .set('Authorization', tokenFor('lister', ['audit:operation:list']));
      expect(res.status).to.equal(403);
    });
  });
});
