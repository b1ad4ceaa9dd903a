import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { expect } from 'chai';
import { ADMIN, startTestServer, tokenFor, type TestServer } from '../support/server';
import { asBytes, bytesOf, xlsxRows } from '../support/spreadsheets';
import { eventually, operationFor, sql } from './helpers';

const ROWS = 100_000;
// After the byte-order mark that tells Excel the file is UTF-8.
const OPERATION_HEADER = '\ufeffID,Time,Tenant,Trace ID,User ID,Username,Credential,Module,Permission,Method,Path,Status,Duration (ms),IP address,User agent';

/** A full collection, so heap samples count what is alive rather than garbage not yet swept. */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

interface Download {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: number;
  lines: number;
  firstLine: string;
  /** Sum of the number each data row's path ends with: every row once, none twice. */
  pathSum: number;
  /** The largest heap growth over the baseline seen while the download ran. */
  peakHeapGrowth: number;
}

/**
 * Downloads with a plain client that keeps nothing: it counts lines and adds numbers as chunks
 * pass, and stops reading for a while mid-way so the server must wait for it. Meanwhile the heap
 * (this process holds the server too) is sampled after a full collection.
 */
function download(server: TestServer, path: string): Promise<Download> {
  gc();
  const baseline = process.memoryUsage().heapUsed;
  let peak = 0;
  const sample = () => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
  };
  // A full collection of a heap this size takes tens of milliseconds: sampled more often, the
  // collector would take much of the time the export is measured in.
  const sampler = setInterval(sample, 250);
  return new Promise<Download>((resolve, reject) => {
    const req = http.get(`${server.url}${path}`, { headers: { Authorization: ADMIN } }, (res) => {
      const result: Download = { status: res.statusCode ?? 0, headers: res.headers, bytes: 0, lines: 0, firstLine: '', pathSum: 0, peakHeapGrowth: 0 };
      let partial = '';
      let paused = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        result.bytes += chunk.length;
        const lines = (partial + chunk).split('\n');
        partial = lines.pop()!;
        for (const line of lines) {
          if (result.lines === 0) result.firstLine = line.replace(/\r$/, '');
          else result.pathSum += Number(/\/things\/(\d+),/.exec(line)?.[1] ?? NaN);
          result.lines += 1;
        }
        if (!paused && result.bytes > 5_000_000) {
          paused = true;
          res.pause();
          setTimeout(() => res.resume(), 500);
        }
      });
      res.on('end', () => {
        clearInterval(sampler);
        sample();
        resolve({ ...result, peakHeapGrowth: peak });
      });
      // A download cut off (or abandoned by a timed-out hook) must not leave the sampler
      // collecting for the rest of the run.
      res.on('close', () => {
        clearInterval(sampler);
        if (!res.complete) reject(new Error(`the download of ${path} was cut off after ${result.bytes} bytes`));
      });
    });
    req.on('error', (error) => {
      clearInterval(sampler);
      reject(error);
    });
  });
}

describe('the CSV export', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  describe(`of ${ROWS.toLocaleString('en')} operations`, () => {
    let result: Download;
    before(async function () {
      this.timeout(180_000);
      // Microsecond timestamps, as PostgreSQL keeps them: the keyset must not lose rows between them.
      await sql(
        server,
        `insert into audit_operation (id, at, trace_id, method, path, status, duration_ms, module_id, permission, user_id, username, ip, user_agent, body, changes)
         select gen_random_uuid(), now() - interval '1 day' - g * interval '1.000001 second', md5(g::text), 'POST', '/api/v1/things/' || g, 201, 1.5,
                'things', 'things:thing:add', 'user-' || g, 'user' || g, '10.0.0.1', 'agent/' || repeat('x', 200), '{"a":1}'::jsonb, '[]'::jsonb
         from generate_series(1, ${ROWS}) g`,
      );
      result = await download(server, '/api/v1/audit/operations/export?format=csv&moduleId=things');
    });

    it('answers 200 text/csv as an attachment', () => {
      expect(result.status).to.equal(200);
      expect(result.headers['content-type']).to.equal('text/csv; charset=utf-8');
      expect(result.headers['content-disposition']).to.match(/^attachment; filename="audit-operations-\d{4}-\d{2}-\d{2}\.csv"$/);
    });

    it(`has ${(ROWS + 1).toLocaleString('en')} lines: the header, then every row exactly once`, () => {
      expect(result.firstLine).to.equal(OPERATION_HEADER);
      expect(result.lines).to.equal(ROWS + 1);
      expect(result.pathSum).to.equal((ROWS * (ROWS + 1)) / 2);
    });

    it('streams with bounded memory: the heap grows by a fraction of what the rows would take', () => {
      // The CSV alone is more than 30 MB; as objects in memory the rows would take several times that.
      expect(result.bytes).to.be.above(30_000_000);
      expect(result.peakHeapGrowth, `peak heap growth ${(result.peakHeapGrowth / 1e6).toFixed(1)} MB`).to.be.below(16_000_000);
    });
  });

  it('quotes what needs quoting and keeps a cell from being read as a formula', async () => {
    const res = await server
      .http()
      .post('/api/v1/roles')
      .set('Authorization', tokenFor('=cmd|calc', ['system:role:add'], { userId: 'user-"quoted", really' }))
      .send({ code: 'csv_cells', name: 'Cells', permissions: [] });
    await operationFor(server, res.body.traceId);
    const csv = await server.http().get(`/api/v1/audit/operations/export?traceId=${res.body.traceId}`).set('Authorization', ADMIN);
    expect(csv.status).to.equal(200);
    const [header, row, end] = csv.text.split('\r\n');
    expect(header).to.equal(OPERATION_HEADER);
    expect(row).to.include(`,"user-""quoted"", really",'=cmd|calc,,roles,system:role:add,POST,/api/v1/roles,201,`);
    expect(end).to.equal('');
  });

  it('exports only what the filters select', async () => {
    const refused = await server.http().delete('/api/v1/roles/01900000-0000-7000-8000-000000000000').set('Authorization', tokenFor('exported', []));
    await operationFor(server, refused.body.traceId);
    const csv = await server.http().get('/api/v1/audit/operations/export?format=csv&status=403&username=exported').set('Authorization', ADMIN);
    const rows = csv.text.trim().split('\r\n').slice(1);
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include(refused.body.traceId);
  });

  it('exports the login log with its own columns', async () => {
    expect((await server.http().post('/api/v1/auth/login').send({ username: 'nobody-here', password: 'wrong-wrong' })).status).to.equal(401);
    await eventually('the login record', async () => (await sql(server, "select id from audit_login where username = 'nobody-here'")).length > 0);
    const csv = await server.http().get('/api/v1/audit/logins/export?format=csv&username=nobody-here').set('Authorization', ADMIN);
    expect(csv.status).to.equal(200);
    const [header, row] = csv.text.split('\r\n');
    expect(header).to.equal('\ufeffID,Time,Tenant,Username,User ID,IP address,User agent,Succeeded,Reason');
    expect(row).to.match(/,nobody-here,,127\.0\.0\.1,[^,]*,false,invalid_credentials$/);
  });

  it('exports as xlsx on asking, its header in the caller’s language, the time a date cell', async () => {
    expect((await server.http().post('/api/v1/auth/login').send({ username: 'xlsx-nobody', password: 'wrong-wrong' })).status).to.equal(401);
    await eventually('the login record', async () => (await sql(server, "select id from audit_login where username = 'xlsx-nobody'")).length > 0);
    const res = await asBytes(
      server.http().get('/api/v1/audit/logins/export?format=xlsx&username=xlsx-nobody').set('Authorization', ADMIN).set('Accept-Language', 'zh-CN'),
    );
    expect(res.status).to.equal(200);
    expect(res.headers['content-disposition']).to.match(/^attachment; filename="audit-logins-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const [header, row, ...rest] = await xlsxRows(bytesOf(res));
    expect(header).to.deep.equal(['编号', '时间', '租户', '用户名', '用户编号', 'IP 地址', '用户代理', '成功', '原因']);
    expect(row.slice(3)).to.deep.equal(['xlsx-nobody', null, '127.0.0.1', row[6], false, 'invalid_credentials']);
    expect(row[1]).to.be.instanceOf(Date);
    expect(rest).to.deep.equal([]);
  });

  it('answers 403 PERM_DENIED_403 without the export permission, and 400 for another format', async () => {
    const lister = tokenFor('lister', ['audit:operation:list', 'audit:login:list']);
    expect((await server.http().get('/api/v1/audit/operations/export').set('Authorization', lister)).status).to.equal(403);
    expect((await server.http().get('/api/v1/audit/logins/export').set('Authorization', lister)).status).to.equal(403);
    const xml = await server.http().get('/api/v1/audit/operations/export?format=xml').set('Authorization', ADMIN);
    expect(xml.status).to.equal(400);
    expect(xml.body.details[0].field).to.equal('/query/format');
  });
});
