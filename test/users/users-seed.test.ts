import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../support/database';
import type { TestServer } from '../support/server';
import { UsersClient, startUsersServer, type User } from './helpers';

const JWT_SECRET = 'a-production-jwt-secret-of-at-least-32-bytes';

describe('users: the seeded administrator', () => {
  const servers: TestServer[] = [];
  const databases: TestDatabase[] = [];
  const boot = async (env: NodeJS.ProcessEnv, database?: TestDatabase) => {
    const server = await startUsersServer({ env, ...(database ? { database } : {}) });
    servers.push(server);
    return server;
  };
  const freshDatabase = async () => {
    const database = await createTestDatabase();
    databases.push(database);
    return database;
  };
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
    for (const database of databases.splice(0)) await database.cleanup();
  });

  const adminOf = async (api: UsersClient): Promise<User> => (await api.list({ keyword: 'admin' })).body.data.items.find((u: User) => u.username === 'admin');

  it('is created on a fresh database with role admin and, locally, the password admin-local-only', async () => {
    const server = await boot({ NODE_ENV: 'test' });
    const api = new UsersClient(() => server);
    const admin = await adminOf(api);
    const roles = (await api.call('get', '/roles', undefined, undefined, { keyword: 'admin' })).body.data.items as Array<{ id: string; code: string }>;
    expect(admin).to.deep.include({ username: 'admin', status: 'active', roleIds: [roles.find((r) => r.code === 'admin')!.id] });
    expect((await api.verify('admin', 'admin-local-only')).identity).to.deep.include({ id: admin.id });
  });

  it('gets ADMIN_PASSWORD when it is set, and not the local default', async () => {
    const server = await boot({ NODE_ENV: 'test', ADMIN_PASSWORD: 'a-chosen-admin-password' });
    const api = new UsersClient(() => server);
    expect((await api.verify('admin', 'a-chosen-admin-password')).identity).not.to.equal(null);
    expect((await api.verify('admin', 'admin-local-only')).identity).to.equal(null);
  });

  it('is seeded once: a restart keeps the administrator and its password, whatever ADMIN_PASSWORD says then', async () => {
    const database = await freshDatabase();
    const first = await boot({ NODE_ENV: 'test', ADMIN_PASSWORD: 'the-first-password' }, database);
    const id = (await adminOf(new UsersClient(() => first))).id;
    await servers.pop()!.stop();
    const second = await boot({ NODE_ENV: 'test', ADMIN_PASSWORD: 'a-later-password' }, database);
    const api = new UsersClient(() => second);
    expect((await api.list({ keyword: 'admin' })).body.data.items.filter((u: User) => u.username === 'admin').map((u: User) => u.id)).to.deep.equal([id]);
    expect((await api.verify('admin', 'the-first-password')).identity).not.to.equal(null);
    expect((await api.verify('admin', 'a-later-password')).identity).to.equal(null);
  });

  it('refuses to boot in production without ADMIN_PASSWORD', async () => {
    const booting = boot({ NODE_ENV: 'production', JWT_SECRET });
    await booting.then(
      () => expect.fail('the production boot succeeded without ADMIN_PASSWORD'),
      (error: Error) => expect(error.message).to.match(/users .*start\(\) failed: ADMIN_PASSWORD must be set/),
    );
  });

  it('refuses to boot in production with the local-only default as ADMIN_PASSWORD', async () => {
    await boot({ NODE_ENV: 'production', JWT_SECRET, ADMIN_PASSWORD: 'admin-local-only' }).then(
      () => expect.fail('the production boot succeeded with the local default password'),
      (error: Error) => expect(error.message).to.include('users: ADMIN_PASSWORD is a well-known password'),
    );
  });

  it('refuses to boot with an ADMIN_PASSWORD the password policy refuses', async () => {
    await boot({ NODE_ENV: 'test', ADMIN_PASSWORD: 'short' }).then(
      () => expect.fail('the boot succeeded with a 5-character password'),
      (error: Error) => expect(error.message).to.match(/ADMIN_PASSWORD must be 8 to 128 characters/),
    );
  });

  it('boots in production with ADMIN_PASSWORD, and the administrator has it', async () => {
    const server = await boot({ NODE_ENV: 'production', JWT_SECRET, ADMIN_PASSWORD: 'a-production-password' });
    expect((await new UsersClient(() => server).verify('admin', 'a-production-password')).identity).not.to.equal(null);
  });
});
