import { expect } from 'chai';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { expectSuccess } from '../http/helpers';

/**
 * A list made with the resource kit on a table its list-index migration tracks (posts_post,
 * modules/posts/migrations/0002-list-indexes.ts): the total is counted once and reused until the
 * table is written, by any path. The number is read beside the page (kernel/resources/resource-service.ts).
 */
describe('posts list: a total reused until posts_post is written', () => {
  let server: TestServer;
  const execute = (sql: string) => server.sql(sql);
  const total = async (query: Record<string, unknown> = {}) => {
    const res = await server
      .http()
      .get('/api/v1/posts')
      .query({ pageSize: 1, ...query })
      .set('Authorization', ADMIN);
    return (expectSuccess(res).data as { total: number }).total;
  };
  const insertPost = (code: string) =>
    `insert into posts_post (id, code, name, created_at, updated_at) values (gen_random_uuid(), '${code}', '${code}', now(), now())`;

  before(async () => {
    server = await startTestServer();
    for (const code of ['R1', 'R2', 'R3']) {
      const res = await server.http().post('/api/v1/posts').set('Authorization', ADMIN).send({ code, name: code });
      expect(res.status, res.text).to.equal(201);
    }
  });
  after(() => server?.stop());

  it('answers the counted total again without counting, while the table is unwritten', async () => {
    expect(await total()).to.equal(3);
    // Written with triggers off for that one statement: only a recount could find the row.
    await execute(`do $$ begin perform set_config('session_replication_role', 'replica', true); ${insertPost('R-UNSEEN')}; end $$`);
    expect(await total()).to.equal(3);
    await execute("update posts_post set name = 'Renamed' where code = 'R1'");
    expect(await total()).to.equal(4);
  });

  it('counts again after a write made in SQL or through the API', async () => {
    const before = await total();
    await execute(insertPost('R-SQL'));
    expect(await total()).to.equal(before + 1);
    const created = await server.http().post('/api/v1/posts').set('Authorization', ADMIN).send({ code: 'R-API', name: 'R-API' });
    expect(created.status, created.text).to.equal(201);
    expect(await total()).to.equal(before + 2);
    expect(await total({ status: 'disabled' })).to.equal(0);
    await execute("update posts_post set status = 'disabled' where code = 'R-SQL'");
    expect(await total({ status: 'disabled' })).to.equal(1);
  });
});
