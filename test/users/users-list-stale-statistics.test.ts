import { expect } from 'chai';
import type { TestServer } from '../support/server';
import { UsersClient, startUsersServer } from './helpers';

/**
 * A table the statistics call small is counted at once, without asking the planner first
 * (kernel/db/table-size.ts). Statistics lag behind the rows: a table analysed small that has since
 * grown past EXACT_COUNT_LIMIT must still get an estimated total, never a count cut at the limit.
 */
describe('users list: totals when the statistics say the table is smaller than it is', () => {
  let server: TestServer;
  const api = new UsersClient(() => server);
  const execute = (sql: string) => server.sql(sql);

  before(async () => {
    server = await startUsersServer({ env: { NODE_ENV: 'test', EXACT_COUNT_LIMIT: '3' } });
    await api.addUser('stale-a');
    // The administrator and one user: the statistics now say two rows, under the limit of 3.
    await execute('analyze users_user');
    for (const name of ['stale-b', 'stale-c', 'stale-d', 'stale-e']) await api.addUser(name);
  });
  after(() => server?.stop());

  it('answers an estimate past the limit, flagged, though the statistics put the table under it', async () => {
    const [stats] = (await execute("select reltuples from pg_class where relname = 'users_user'")) as Array<{ reltuples: number }>;
    expect(Number(stats.reltuples)).to.be.below(3);
    const res = await api.list({ keyword: 'stale-', pageSize: 2 });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data).to.include({ page: 1, pageSize: 2, totalIsEstimate: true });
    expect(res.body.data.total).to.be.a('number').and.satisfy(Number.isInteger).and.at.least(4);
  });

  it('counts exactly, unflagged, a list within the limit on that table', async () => {
    const res = await api.list({ keyword: 'stale-a', pageSize: 1 });
    expect(res.body.data).to.include({ total: 1 });
    expect(res.body.data).not.to.have.property('totalIsEstimate');
  });
});
