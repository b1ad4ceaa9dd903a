import { expect } from 'chai';
import { runInTenant } from '../../kernel/api';
import { UserDirectoryApi } from '../../modules/users/api';
import { expectSuccess } from '../http/helpers';
import { adminLogin, type Tokens } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';
import { createTenant } from './helpers';

const PASSWORD = 'tenant-caches-passphrase-1';

/**
 * What the kernel remembers of a query is remembered per tenant: the same statement answers
 * differently in each, since row-level security, not the SQL, narrows it.
 */
describe('tenants: what the kernel caches', () => {
  let server: TestServer;
  let a: Tokens;
  let b: Tokens;
  let tenantB: string;

  before(async () => {
    server = await startTestServer();
    const platform = await adminLogin(server);
    a = (await createTenant(server, platform.bearer, 'cache-a', PASSWORD)).chief;
    ({ id: tenantB, chief: b } = await createTenant(server, platform.bearer, 'cache-b', PASSWORD));
  });
  after(() => server?.stop());

  const post = (tokens: Tokens, code: string) => server.http().post('/api/v1/posts').set('Authorization', tokens.bearer).send({ code, name: code });
  const totalOf = async (tokens: Tokens) =>
    // A page of one: a full page's total is counted (a short one's is known from the page itself).
    (expectSuccess(await server.http().get('/api/v1/posts').query({ pageSize: 1 }).set('Authorization', tokens.bearer)).data as { total: number }).total;

  it("keeps a list's counted total per tenant, and counts again only the tenant that wrote", async () => {
    expectSuccess(await post(a, 'a-1'), 201);
    for (const code of ['b-1', 'b-2', 'b-3']) expectSuccess(await post(b, code), 201);
    // Nothing is written between these reads: each would reuse the other's total were the tenant not part of its key.
    expect(await totalOf(a)).to.equal(1);
    expect(await totalOf(b)).to.equal(3);
    expect(await totalOf(a)).to.equal(1);
    expect(await totalOf(b)).to.equal(3);
    expectSuccess(await post(a, 'a-2'), 201);
    expect(await totalOf(a)).to.equal(2);
    expect(await totalOf(b)).to.equal(3);
  });

  it("keeps a user's cached account to the tenant that read it: another tenant's read of the id finds none", async () => {
    const me = expectSuccess(await server.http().get('/api/v1/me').set('Authorization', a.bearer)).data as { user: { id: string } };
    const users = server.kernel.registry.get('me')!.ctx.use(UserDirectoryApi);
    // A's account is cached now, read in A; in B the database has no such user, and neither has the cache.
    expect(await runInTenant(tenantB, () => users.identity(me.user.id))).to.equal(null);
  });
});
