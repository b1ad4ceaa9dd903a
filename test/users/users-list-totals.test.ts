import { expect } from 'chai';
import type { TestServer } from '../support/server';
import { UsersClient, startUsersServer } from './helpers';

/**
 * The list's total past EXACT_COUNT_LIMIT: the planner's estimate, flagged. The limit is 0 here, so
 * that a handful of users stands for a million: no count is exact unless the page itself shows
 * where the list ends.
 */
describe('users list: an estimated total past EXACT_COUNT_LIMIT', () => {
  let server: TestServer;
  const api = new UsersClient(() => server);

  before(async () => {
    server = await startUsersServer({ env: { NODE_ENV: 'test', EXACT_COUNT_LIMIT: '0' } });
    for (const name of ['estimate-a', 'estimate-b', 'estimate-c', 'estimate-d', 'estimate-e']) await api.addUser(name);
  });
  after(() => server?.stop());

  it('answers totalIsEstimate: true beside a whole-number total on a full page', async () => {
    const res = await api.list({ keyword: 'estimate-', pageSize: 2 });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data).to.include({ page: 1, pageSize: 2, totalIsEstimate: true });
    expect(res.body.data.items).to.have.length(2);
    // Never fewer than the rows the page has shown.
    expect(res.body.data.total).to.be.a('number').and.satisfy(Number.isInteger).and.at.least(2);
  });

  it('answers the exact total, unflagged, on the last page, whose end is the total', async () => {
    const res = await api.list({ keyword: 'estimate-', pageSize: 2, page: 3 });
    expect(res.body.data).to.deep.include({ total: 5 });
    expect(res.body.data).not.to.have.property('totalIsEstimate');
  });

  it('never answers a total beyond the rows before an empty page past the end', async () => {
    const res = await api.list({ keyword: 'estimate-', pageSize: 2, page: 9 });
    expect(res.body.data.items).to.deep.equal([]);
    expect(res.body.data.total).to.be.at.most(16);
  });

  it('refuses to start with an EXACT_COUNT_LIMIT that is not a whole number from 0, naming it', async () => {
    let refusal: unknown;
    await startUsersServer({ env: { NODE_ENV: 'test', EXACT_COUNT_LIMIT: '-1' } }).then(
      (started) => started.stop(),
      (error: unknown) => (refusal = error),
    );
    expect(String(refusal)).to.include('EXACT_COUNT_LIMIT="-1" must be an integer from 0');
  });
});

describe('users list: exact totals within EXACT_COUNT_LIMIT', () => {
  let server: TestServer;
  const api = new UsersClient(() => server);

  before(async () => {
    server = await startUsersServer();
    for (const name of ['exact-a', 'exact-b', 'exact-c']) await api.addUser(name);
  });
  after(() => server?.stop());

  it('counts exactly, unflagged, on a full page of a small list', async () => {
    const res = await api.list({ keyword: 'exact-', pageSize: 2 });
    expect(res.body.data).to.include({ page: 1, pageSize: 2, total: 3 });
    expect(res.body.data).not.to.have.property('totalIsEstimate');
  });
});
