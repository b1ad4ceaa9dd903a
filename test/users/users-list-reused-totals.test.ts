import { expect } from 'chai';
import type { TestServer } from '../support/server';
import { UsersClient, startUsersServer } from './helpers';

const ADMIN_ROLE_ID = '01900000-0000-7000-8000-000000000001';

/**
 * The users list counts its total once and reuses it while users_user is unwritten: a trigger
 * counts every write statement on the table in atrium_row_changes (kernel/db/row-changes.ts), and
 * the page's statement reads that number. A write by any path — the API, raw SQL, another
 * instance — changes the number in its own transaction, so the next list counts again.
 */
describe('users list: a total reused until users_user is written', () => {
  let server: TestServer;
  const api = new UsersClient(() => server);
  const execute = (sql: string, params: unknown[] = []) => server.sql(sql, params);
  const total = async (query: Record<string, unknown>) => {
    const res = await api.list({ pageSize: 1, ...query });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data).not.to.have.property('totalIsEstimate');
    return res.body.data.total as number;
  };
  const insertUser = (username: string, status = 'active') =>
    execute(
      `insert into users_user (id, username, nickname, password_hash, status, version, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, 'not-a-hash', ?, 1, now(), now())`,
      [username, username, status],
    );

  before(async () => {
    server = await startUsersServer();
    for (const name of ['reuse-a', 'reuse-b', 'reuse-c']) await api.addUser(name);
  });
  after(() => server?.stop());

  it('answers the counted total again without counting, while the table is unwritten', async () => {
    expect(await total({ keyword: 'reuse-' })).to.equal(3);
    // A row written with triggers off for that one statement (as a replica applies changes):
    // only a recount could find it.
    await execute(
      `do $$ begin
         perform set_config('session_replication_role', 'replica', true);
         insert into users_user (id, username, nickname, password_hash, status, version, created_at, updated_at)
           values (gen_random_uuid(), 'reuse-unseen', 'reuse-unseen', 'not-a-hash', 'active', 1, now(), now());
       end $$`,
    );
    expect(await total({ keyword: 'reuse-' })).to.equal(3);
    // Any counted write, even to another row, makes the next list count again.
    await execute("update users_user set nickname = 'Reuse B' where username = 'reuse-b'");
    expect(await total({ keyword: 'reuse-' })).to.equal(4);
  });

  it('counts again after an insert, an update and a delete made in SQL, past the API', async () => {
    const before = await total({ keyword: 'sql-' });
    await insertUser('sql-one');
    expect(await total({ keyword: 'sql-' })).to.equal(before + 1);
    expect(await total({ keyword: 'sql-', status: 'disabled' })).to.equal(0);
    await execute("update users_user set status = 'disabled' where username = 'sql-one'");
    expect(await total({ keyword: 'sql-', status: 'disabled' })).to.equal(1);
    await execute("delete from users_user where username = 'sql-one'");
    expect(await total({ keyword: 'sql-' })).to.equal(before);
  });

  it('counts again after a user is created, updated or deleted through the API', async () => {
    const created = await api.addUser('api-one');
    expect(await total({ keyword: 'api-' })).to.equal(1);
    expect(await total({ keyword: 'api-', status: 'disabled' })).to.equal(0);
    const disabled = await api.update(created.id, { status: 'disabled', version: created.version });
    expect(disabled.status, disabled.text).to.equal(200);
    expect(await total({ keyword: 'api-', status: 'disabled' })).to.equal(1);
    const removed = await api.remove(created.id);
    expect(removed.status, removed.text).to.equal(200);
    expect(await total({ keyword: 'api-' })).to.equal(0);
  });

  it('never trusts the number of a table whose trigger is disabled', async () => {
    const before = await total({ keyword: 'sql-' });
    await execute('alter table users_user disable trigger users_user_row_changes');
    try {
      await insertUser('sql-untracked');
      expect(await total({ keyword: 'sql-' })).to.equal(before + 1);
    } finally {
      await execute('alter table users_user enable trigger users_user_row_changes');
      await execute("delete from users_user where username = 'sql-untracked'");
    }
  });

  it('always counts a list whose condition reads another table (the holders of a role)', async () => {
    const holder = await api.addUser('role-holder');
    const before = await total({ roleId: ADMIN_ROLE_ID });
    // users_user is untouched: only the link table changes.
    await execute('insert into users_user_role (user_id, role_id) values (?, ?)', [holder.id, ADMIN_ROLE_ID]);
    expect(await total({ roleId: ADMIN_ROLE_ID })).to.equal(before + 1);
  });
});
