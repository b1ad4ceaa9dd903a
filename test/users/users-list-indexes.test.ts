import { expect } from 'chai';
import { DEFAULT_TENANT_ID } from '../../kernel/api';
import type { TestServer } from '../support/server';
import { UsersClient, startUsersServer, usernames } from './helpers';

const USERS = 20_000;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/**
 * The indexes the users list counts on, asked of the database's planner (PostgreSQL with
 * DATABASE_URL, else the embedded PGlite) over 20,000 users: the statements are the ones the list
 * runs for its page's ids, written out here, planned as the list's own are: in the tenant the
 * users belong to, whose condition the database adds.
 */
describe('users list: the indexes behind the keyword, the sorts and the filters', () => {
  let server: TestServer;
  const api = new UsersClient(() => server);
  const execute = (sql: string, params: unknown[] = []) => server.sql(sql, params);
  const inTenant = (sql: string) => server.tenantSql(DEFAULT_TENANT_ID, sql);

  /** Every index the plan of `sql` reads. */
  async function indexesOf(sql: string): Promise<string[]> {
    const [row] = (await inTenant(`explain (format json) ${sql}`)) as Array<{ 'QUERY PLAN': string | Array<{ Plan: PlanNode }> }>;
    const plan = typeof row['QUERY PLAN'] === 'string' ? (JSON.parse(row['QUERY PLAN']) as Array<{ Plan: PlanNode }>) : row['QUERY PLAN'];
    const names: string[] = [];
    const walk = (node: PlanNode) => {
      if (node['Index Name']) names.push(node['Index Name']);
      node.Plans?.forEach(walk);
    };
    walk(plan[0].Plan);
    return names;
  }

  before(async () => {
    server = await startUsersServer();
    await execute(
      `insert into users_user (id, username, nickname, email, phone, password_hash, status, dept_id, version, created_at, updated_at)
       select gen_random_uuid(), 'bulk' || lpad(i::text, 6, '0'), 'Bulk ' || md5(i::text), 'bulk' || i || '@example.com', '+8613' || lpad(i::text, 9, '0'),
         'x', case when i % 10 = 0 then 'disabled' else 'active' end, null, 1, now() - interval '1 second' * i, now() - interval '1 second' * i
       from generate_series(1, ${USERS}) i`,
    );
    // Vacuum moves the rows out of the trigram indexes' pending lists, as autovacuum would.
    await execute('vacuum analyze users_user');
  });
  after(() => server?.stop());

  it('finds a keyword through the trigram index of each of its four columns', async () => {
    const like = `'%bulk012345%'`;
    const indexes = await indexesOf(
      `select id from users_user where username ilike ${like} or nickname ilike ${like} or email ilike ${like} or phone ilike ${like} order by created_at desc, id desc limit 20`,
    );
    expect(indexes).to.have.members(['users_user_username_trgm_idx', 'users_user_nickname_trgm_idx', 'users_user_email_trgm_idx', 'users_user_phone_trgm_idx']);
    expect(usernames(await api.list({ keyword: 'BULK012345' }))).to.deep.equal(['bulk012345']);
  });

  it('reads each whitelisted sort, and the default order, from an index', async () => {
    for (const [order, index] of [
      ['created_at desc, id desc', 'users_user_created_at_idx'],
      ['updated_at asc, id asc', 'users_user_updated_at_idx'],
      ['nickname desc, id desc', 'users_user_nickname_idx'],
      ['username asc, id asc', 'users_user_username_key'],
    ]) {
      expect(await indexesOf(`select id from users_user order by ${order} limit 20 offset 100`), order).to.include(index);
    }
  });

  it('reads a status or department filter in the default order from one index', async () => {
    expect(await indexesOf(`select id from users_user where status = 'disabled' order by created_at desc, id desc limit 20 offset 100`)).to.include(
      'users_user_status_created_at_idx',
    );
    const dept = '01900000-0000-7000-8000-00000000d001';
    expect(await indexesOf(`select id from users_user where dept_id in ('${dept}') order by created_at desc, id desc limit 20`)).to.include(
      'users_user_dept_created_at_idx',
    );
  });
});
