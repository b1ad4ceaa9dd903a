import { expect } from 'chai';
import { newId } from '../../kernel/api';
import { expectSuccess } from '../http/helpers';
import { setParam } from '../support/identity';
import { ADMIN, tokenFor, type TestServer } from '../support/server';
import { asBytes, csvRows, xlsxRows } from '../support/spreadsheets';
import { UsersClient, startUsersServer } from '../users/helpers';

/**
 * Exports past `assets.export.backgroundRows`: the export route answers 201 with an
 * `assets.export` task, which makes the same file as the caller (their tenant and data scope)
 * and keeps it as their asset, with a signed link in its result. Over HTTP, real database.
 */
interface ExportTask {
  id: string;
  type: string;
  state: string;
  createdBy: string;
  progress: { percent: number; message?: string } | null;
  result: { assetId: string; fileName: string; rows: number; size: number; url: string; expiresAt: string } | null;
  error: string | null;
}

describe('exports: large ones made by a task', () => {
  let server: TestServer;
  const api = new UsersClient(() => server);
  const dept: Record<string, string> = {};

  before(async () => {
    server = await startUsersServer({ captureLogs: true });
    dept.sales = await api.addDepartment('Sales');
    dept.ops = await api.addDepartment('Ops');
    for (const name of ['bg-ann', 'bg-cat', 'bg-dan']) await api.addUser(name, { deptId: dept.sales });
    for (const name of ['bg-bob', 'bg-eve']) await api.addUser(name, { deptId: dept.ops });
    await setParam(server, 'assets.export.backgroundRows', '3');
  });
  after(() => {
    for (const l of server.logs) if ((l.level as number) >= 50) console.log(JSON.stringify(l).slice(0, 1500));
    return server?.stop();
  });

  const exportUsers = (query: Record<string, unknown>, token = ADMIN) =>
    asBytes(
      server
        .http()
        .get('/api/v1/users/export')
        .query({ format: 'csv', keyword: 'bg-', sort: 'username,asc', ...query })
        .set('Authorization', token),
    );

  /** The task, once it has ended (succeeded, failed or cancelled). */
  async function ended(id: string, token = ADMIN): Promise<ExportTask> {
    for (let tries = 0; tries < 300; tries++) {
      const task = expectSuccess(await server.http().get(`/api/v1/tasks/${id}`).set('Authorization', token)).data as ExportTask;
      if (['succeeded', 'failed', 'cancelled'].includes(task.state)) return task;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`task ${id} did not end`);
  }

  /** The file behind a signed link, fetched without a token. */
  async function download(url: string): Promise<Buffer> {
    const res = await asBytes(server.http().get(url));
    expect(res.status, String(res.body)).to.equal(200);
    return res.body as Buffer;
  }

  it('answers the file at once while the rows are within the threshold', async () => {
    const res = await exportUsers({ deptId: dept.ops });
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.equal('text/csv; charset=utf-8');
    expect((await csvRows(res.body as Buffer)).slice(1).map((r) => r[0])).to.deep.equal(['bg-bob', 'bg-eve']);
  });

  it('past it, answers 201 with the task, which keeps the same file as the caller’s asset behind a signed link', async () => {
    const res = await exportUsers({});
    expect(res.status, String(res.body)).to.equal(201);
    expect(res.headers['content-type']).to.match(/^application\/json/);
    const submitted = JSON.parse(String(res.body)).data as ExportTask;
    expect(submitted.type).to.equal('assets.export');
    expect(submitted.state).to.be.oneOf(['queued', 'running', 'succeeded']);

    const task = await ended(submitted.id);
    expect(task.state, task.error ?? '').to.equal('succeeded');
    expect(task.progress?.percent).to.equal(100);
    const result = task.result!;
    expect(result.rows).to.equal(5);
    expect(result.fileName).to.match(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await download(result.url);
    expect(bytes.length).to.equal(result.size);
    expect((await csvRows(bytes)).map((r) => r[0])).to.deep.equal(['Username', 'bg-ann', 'bg-bob', 'bg-cat', 'bg-dan', 'bg-eve']);

    // The asset is the caller's: listed as theirs, downloadable with their token.
    const asset = expectSuccess(await server.http().get(`/api/v1/assets/${result.assetId}`).set('Authorization', ADMIN)).data as {
      createdBy: string;
      contentType: string;
    };
    expect(asset.createdBy).to.equal(task.createdBy);
    expect(asset.contentType).to.equal('text/csv; charset=utf-8');
    // The job's snapshot of the caller is gone once the file is made.
    expect(await server.sql('select id from assets_export')).to.deep.equal([]);
  });

  it('makes the file with the caller’s data scope and language, in the format asked for', async () => {
    const salesOnly = tokenFor('bg-sales', ['system:user:export', 'task:task:submit'], {
      userId: newId(),
      rowScope: { all: false, deptIds: [dept.sales], ownerId: null },
    });
    // Within the threshold, the scope's three rows come at once.
    const narrow = await exportUsers({}, salesOnly);
    expect(narrow.status).to.equal(200);
    expect((await csvRows(narrow.body as Buffer)).slice(1).map((r) => r[0])).to.deep.equal(['bg-ann', 'bg-cat', 'bg-dan']);

    await setParam(server, 'assets.export.backgroundRows', '2');
    try {
      const res = await asBytes(
        server
          .http()
          .get('/api/v1/users/export')
          .query({ format: 'xlsx', keyword: 'bg-', sort: 'username,desc' })
          .set('Authorization', salesOnly)
          .set('Accept-Language', 'zh-CN'),
      );
      expect(res.status, String(res.body)).to.equal(201);
      const task = await ended(JSON.parse(String(res.body)).data.id, salesOnly);
      expect(task.state, task.error ?? '').to.equal('succeeded');
      const rows = await xlsxRows(await download(task.result!.url));
      expect(rows[0][0]).to.equal('用户名');
      // The task read as the caller: their department's users only, in the order they asked for.
      expect(rows.slice(1).map((r) => r[0])).to.deep.equal(['bg-dan', 'bg-cat', 'bg-ann']);
    } finally {
      await setParam(server, 'assets.export.backgroundRows', '3');
    }
  });

  it('a caller who cannot follow tasks (no task:task:submit) gets the file during the request', async () => {
    const res = await exportUsers({}, tokenFor('bg-no-tasks', ['system:user:export']));
    expect(res.status).to.equal(200);
    expect((await csvRows(res.body as Buffer)).length).to.equal(6);
  });

  it('a task written by hand cannot make another user’s export', async () => {
    const owner = newId();
    const id = newId();
    const job = {
      path: '/users/export',
      params: {},
      query: { format: 'csv' },
      language: 'en',
      caller: { userId: owner, username: 'x', permissions: ['*:*:*'] },
      rows: 5,
    };
    await server.sql("insert into assets_export (id, tenant_id, created_by, job) values (?, '01900000-0000-7000-8000-00000000d001', ?, ?::jsonb)", [
      id,
      owner,
      JSON.stringify(job),
    ]);
    const thief = tokenFor('bg-thief', ['asset:asset:upload', 'task:task:submit'], { userId: newId() });
    const res = await server
      .http()
      .post('/api/v1/tasks')
      .set('Authorization', thief)
      .send({ idempotencyKey: newId(), type: 'assets.export', payload: { exportId: id }, maxAttempts: 1 });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const task = await ended(res.body.data.id, ADMIN);
    expect(task.state).to.equal('failed');
    expect(task.error).to.match(/was not asked for by this task's user/);
    expect(await server.sql('select count(*)::int as n from assets_asset where created_by = ?', [owner])).to.deep.equal([{ n: 0 }]);
  });

  it('0 turns background exports off: every export is streamed during its request', async () => {
    await setParam(server, 'assets.export.backgroundRows', '0');
    try {
      const res = await exportUsers({});
      expect(res.status).to.equal(200);
      expect((await csvRows(res.body as Buffer)).length).to.equal(6);
    } finally {
      await setParam(server, 'assets.export.backgroundRows', '3');
    }
  });

  it('the catalog shows both answers of an export: the file (200) and the task (201)', async () => {
    const res = await server.http().get('/v3/api-docs').set('Authorization', ADMIN);
    const doc = res.body as { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, unknown> }> }>> };
    for (const path of ['/api/v1/users/export', '/api/v1/posts/export', '/api/v1/audit/operations/export']) {
      const responses = doc.paths[path].get.responses;
      expect(Object.keys(responses['200'].content), path).to.include('text/csv; charset=utf-8');
      expect(Object.keys(responses['201'].content), path).to.deep.equal(['application/json']);
    }
  });
});
