import { expect } from 'chai';
import { startTestServer, tokenFor, type TestServer } from '../support/server';
import { asBytes, csvRows } from '../support/spreadsheets';

/**
 * GET /notices/export sorted by a column that may be null (publishedAt): the kit reads the list a
 * batch at a time, the later batches by one statement built once, except after a null, whose
 * condition has another shape. Nulls come last ascending and first descending, as the list has them.
 */
const TENANT = '01900000-0000-7000-8000-0000000000e5';
const NOTICES = 2500;

describe('notices: export by a nullable sort', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    // Every other notice a draft (never published): 1,250 nulls, more than a batch, so batches end
    // inside them and on both sides of them.
    await server.sql(
      `insert into notices_notice (id, tenant_id, title, content, content_html, type, status, audience, published_at, created_at, updated_at)
       select gen_random_uuid(), ?, 'N' || lpad(i::text, 5, '0'), '', '', 'notice',
              case when i % 2 = 0 then 'draft' else 'published' end, 'all',
              case when i % 2 = 0 then null else now() - make_interval(secs => i % 97) end, now(), now()
         from generate_series(1, ?) as i`,
      [TENANT, NOTICES],
    );
  });
  after(() => server?.stop());

  const titles = async (sort: string) => {
    const token = tokenFor('exporter', ['notices:notice:export'], { tenantId: TENANT });
    const res = await asBytes(server.http().get('/api/v1/notices/export').query({ format: 'csv', sort }).set('Authorization', token));
    expect(res.status, String(res.body)).to.equal(200);
    const rows = await csvRows(res.body as Buffer);
    const column = rows[0].indexOf('title');
    return rows.slice(1).map((row) => row[column]);
  };

  for (const direction of ['asc', 'desc']) {
    it(`reads every notice once, the unpublished ${direction === 'asc' ? 'last' : 'first'}, sorted ${direction}`, async () => {
      const read = await titles(`publishedAt,${direction}`);
      expect(read).to.have.length(NOTICES);
      expect(new Set(read).size).to.equal(NOTICES);
      const drafts = read.map((title) => Number(title.slice(1)) % 2 === 0);
      const expected = direction === 'asc' ? [...drafts].sort((a, b) => Number(a) - Number(b)) : [...drafts].sort((a, b) => Number(b) - Number(a));
      expect(drafts).to.deep.equal(expected);
    });
  }
});
