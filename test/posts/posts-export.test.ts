import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { ADMIN, startTestServer, tokenFor, type TestServer } from '../support/server';
import { asBytes, csvRows, xlsxRows } from '../support/spreadsheets';

/**
 * GET /posts/export: the kit's export of a resource's list, over HTTP against the real database,
 * files read back with exceljs.
 */
const TENANT_A = '01900000-0000-7000-8000-0000000000a3';
const TENANT_B = '01900000-0000-7000-8000-0000000000b3';
const EN_HEADER = ['Code', 'Name', 'Order', 'Status', 'Remark', 'Created at'];
const ZH_HEADER = ['岗位编码', '岗位名称', '显示顺序', '状态', '备注', '创建时间'];

describe('posts: export', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    for (const [code, name, sort, status] of [
      ['CEO', 'Chief executive', 1, 'active'],
      ['CFO', 'Chief financial officer', 2, 'disabled'],
      ['DEV', '开发工程师', 3, 'active'],
      ['OPS', '=HYPERLINK("http://x")', 4, 'active'],
    ] as const) {
      expectSuccess(await server.http().post('/api/v1/posts').set('Authorization', ADMIN).send({ code, name, sort, status }), 201);
    }
  });
  after(() => server?.stop());

  const request = (query: Record<string, unknown>, token = ADMIN, language = 'en') =>
    server.http().get('/api/v1/posts/export').query(query).set('Authorization', token).set('Accept-Language', language);
  /** The file, its bytes kept as they came. */
  const exported = (query: Record<string, unknown>, token = ADMIN, language = 'en') => asBytes(request(query, token, language));

  it('answers a CSV with a byte-order mark, an English header, the list order and status labels', async () => {
    const res = await exported({ format: 'csv' });
    expect(res.status, String(res.body)).to.equal(200);
    expect(res.headers['content-type']).to.equal('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).to.match(/^attachment; filename="posts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
    const rows = await csvRows(bytes);
    expect(rows[0]).to.deep.equal(EN_HEADER);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3]])).to.deep.equal([
      ['CEO', 'Chief executive', '1', 'Enabled'],
      ['CFO', 'Chief financial officer', '2', 'Disabled'],
      ['DEV', '开发工程师', '3', 'Enabled'],
      // A formula typed into a form reaches the CSV as text, never as a formula.
      ['OPS', `'=HYPERLINK("http://x")`, '4', 'Enabled'],
    ]);
    expect(rows[1][5]).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('answers an xlsx with a Chinese header, status labels and date cells', async () => {
    const res = await exported({ format: 'xlsx' }, ADMIN, 'zh-CN,zh;q=0.9');
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.equal('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).to.match(/^attachment; filename="posts-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const rows = await xlsxRows(res.body as Buffer);
    expect(rows[0]).to.deep.equal(ZH_HEADER);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).to.deep.equal([
      ['CEO', 'Chief executive', 1, '启用'],
      ['CFO', 'Chief financial officer', 2, '停用'],
      ['DEV', '开发工程师', 3, '启用'],
      ['OPS', '=HYPERLINK("http://x")', 4, '启用'],
    ]);
    const listed = expectSuccess(await server.http().get('/api/v1/posts').query({ sort: 'code,asc' }).set('Authorization', ADMIN)).data as {
      items: { createdAt: string }[];
    };
    expect(rows[1][5]).to.be.instanceOf(Date);
    expect((rows[1][5] as Date).toISOString()).to.equal(listed.items[0].createdAt);
  });

  it('exports what the filters select, in the sort asked for', async () => {
    const codes = async (query: Record<string, unknown>) =>
      (await csvRows((await exported({ format: 'csv', ...query })).body as Buffer)).slice(1).map((r) => r[0]);
    expect(await codes({ status: 'active', sort: 'code,desc' })).to.deep.equal(['OPS', 'DEV', 'CEO']);
    expect(await codes({ keyword: 'chief' })).to.deep.equal(['CEO', 'CFO']);
    expect(await codes({ keyword: 'nothing-matches' })).to.deep.equal([]);
  });

  it('reads every row across batches, each once, in order', async () => {
    const tenant = '01900000-0000-7000-8000-0000000000c3';
    // 2,345 posts of another tenant, sorted on a column with ties: the batches (1,000 rows) must
    // neither skip nor repeat rows that share a sort value across a batch's end.
    await server.sql(
      `insert into posts_post (id, tenant_id, code, name, sort, status, version, created_at, updated_at)
       select gen_random_uuid(), ?, 'P' || lpad(i::text, 5, '0'), 'Post ' || i, i % 7, 'active', 1, now(), now() from generate_series(1, 2345) as i`,
      [tenant],
    );
    const token = tokenFor('exporter', ['system:post:export'], { tenantId: tenant });
    const rows = (await csvRows((await exported({ format: 'csv', sort: 'sort,desc' }, token)).body as Buffer)).slice(1);
    expect(rows).to.have.length(2345);
    expect(new Set(rows.map((r) => r[0])).size).to.equal(2345);
    const sorts = rows.map((r) => Number(r[2]));
    expect(sorts).to.deep.equal([...sorts].sort((a, b) => b - a));
  });

  it('refuses a sort outside the whitelist, and a format missing or unknown, with the list’s 400', async () => {
    detailFor(expectError(await request({ format: 'csv', sort: 'remark,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
    detailFor(expectError(await request({}), 400, 'VALIDATION_FAILED_400'), '/query/format');
    detailFor(expectError(await request({ format: 'pdf' }), 400, 'VALIDATION_FAILED_400'), '/query/format');
    detailFor(expectError(await request({ format: 'csv', status: 'unknown' }), 400, 'VALIDATION_FAILED_400'), '/query/status');
    // An export is no page: page and pageSize are not among its parameters.
    detailFor(expectError(await request({ format: 'csv', page: 2 }), 400, 'VALIDATION_FAILED_400'), '/query/page');
  });

  it('answers 403 to a caller who may list posts but not export them', async () => {
    const lister = tokenFor('lister', ['system:post:list', 'system:post:query']);
    expectSuccess(await server.http().get('/api/v1/posts').set('Authorization', lister));
    expectError(await request({ format: 'csv' }, lister), 403, 'PERM_DENIED_403');
  });

  it("never exports another tenant's posts", async () => {
    const token = (tenantId: string) => tokenFor(`exporter-${tenantId}`, ['system:post:add', 'system:post:export'], { tenantId });
    expectSuccess(await server.http().post('/api/v1/posts').set('Authorization', token(TENANT_A)).send({ code: 'A-ONLY', name: 'A' }), 201);
    expectSuccess(await server.http().post('/api/v1/posts').set('Authorization', token(TENANT_B)).send({ code: 'B-ONLY', name: 'B' }), 201);
    const codesOf = async (tenantId: string) => (await csvRows((await exported({ format: 'csv' }, token(tenantId))).body as Buffer)).slice(1).map((r) => r[0]);
    expect(await codesOf(TENANT_A)).to.deep.equal(['A-ONLY']);
    expect(await codesOf(TENANT_B)).to.deep.equal(['B-ONLY']);
  });

  it('records the export in the operation log, with its filters', async () => {
    const res = await exported({ format: 'csv', status: 'disabled' });
    expect(res.status).to.equal(200);
    const path = '/api/v1/posts/export?format=csv&status=disabled';
    const recorded = () => server.sql<{ permission: string }>(`select permission from audit_operation where path = ?`, [path]);
    // The operation log writes its records in batches, a moment after the answer.
    for (let i = 0; i < 50 && (await recorded()).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await recorded()).map((r) => r.permission)).to.deep.equal(['system:post:export']);
  });
});
