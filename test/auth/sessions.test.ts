import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { expectError, expectSuccess } from '../http/helpers';
import { adminLogin, createUserAndLogin, login, uniqueName, type Tokens } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

interface SessionItem {
  id: string;
  userId: string;
  username: string;
  ip: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

interface SessionPage {
  items: SessionItem[];
  page: number;
  pageSize: number;
  total: number;
}

const sidOf = (tokens: Tokens) => (jwt.decode(tokens.accessToken) as jwt.JwtPayload).sid as string;

describe('auth: the online sessions', () => {
  let server: TestServer;
  let ada: Awaited<ReturnType<typeof createUserAndLogin>>;
  let adaAgain: Tokens;
  let bob: Awaited<ReturnType<typeof createUserAndLogin>>;

  before(async () => {
    // X-Forwarded-For from the test client is believed, so each login can come from its own address.
    server = await startTestServer({ config: { trustedProxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] } });
    ada = await createUserAndLogin(
      server,
      { username: uniqueName('ada'), permissions: ['me:*:*'] },
      { forwardedFor: '203.0.113.10', userAgent: 'Ada-Browser/1.0' },
    );
    adaAgain = await login(server, ada.username, ada.password, { forwardedFor: '203.0.113.11', userAgent: 'Ada-Phone/2.0' });
    bob = await createUserAndLogin(
      server,
      { username: uniqueName('bob'), permissions: ['me:*:*'] },
      { forwardedFor: '198.51.100.7', userAgent: 'Bob-Browser/3.0' },
    );
  });
  after(() => server?.stop());

  const list = async (query = ''): Promise<SessionPage> => {
    const res = await server.http().get(`/api/v1/system/sessions${query}`).set('Authorization', ADMIN);
    return expectSuccess(res).data as unknown as SessionPage;
  };

  it('lists a session with its user, address, user agent and times', async () => {
    const { items } = await list(`?username=${ada.username}`);
    const session = items.find((s) => s.id === sidOf(ada.tokens))!;
    expect(session).to.have.all.keys('id', 'userId', 'username', 'ip', 'userAgent', 'createdAt', 'lastSeenAt', 'expiresAt');
    expect(session).to.include({ userId: ada.id, username: ada.username, ip: '203.0.113.10', userAgent: 'Ada-Browser/1.0' });
    expect(Date.parse(session.expiresAt) - Date.parse(session.createdAt)).to.equal(7 * 24 * 3600 * 1000);
    expect(session.lastSeenAt).to.equal(session.createdAt);
  });

  it('filters by part of the username and by part of the address', async () => {
    const byName = await list(`?username=${ada.username.slice(0, -1)}`);
    expect(byName.items.map((s) => s.id)).to.include.members([sidOf(ada.tokens), sidOf(adaAgain)]);
    expect(byName.items.every((s) => s.username.startsWith(ada.username.slice(0, -1)))).to.equal(true);
    const byAddress = await list('?ip=198.51.100');
    expect(byAddress.items.map((s) => s.id)).to.deep.equal([sidOf(bob.tokens)]);
  });

  it('sorts by createdAt, newest first by default, and pages', async () => {
    const newest = await list('?pageSize=2');
    expect(newest.pageSize).to.equal(2);
    expect(newest.items).to.have.length(2);
    expect(newest.total).to.be.at.least(3);
    expect(newest.items[0].id).to.equal(sidOf(bob.tokens));
    const oldest = await list('?sort=createdAt,asc&pageSize=200');
    const all = await list('?pageSize=200');
    expect(oldest.items.map((s) => s.id)).to.deep.equal(all.items.map((s) => s.id).reverse());
    const second = await list('?pageSize=1&page=2');
    expect(second.items[0].id).to.equal(newest.items[1].id);
  });

  it('answers 400 VALIDATION_FAILED_400 to a sort off the whitelist', async () => {
    const res = await server.http().get('/api/v1/system/sessions?sort=userAgent,asc').set('Authorization', ADMIN);
    expectError(res, 400, 'VALIDATION_FAILED_400');
  });

  it('leaves out sessions that ended', async () => {
    const leaving = await login(server, bob.username, bob.password);
    expect((await list(`?username=${bob.username}`)).items.map((s) => s.id)).to.include(sidOf(leaving));
    expectSuccess(await server.http().post('/api/v1/auth/logout').set('Authorization', leaving.bearer));
    expect((await list(`?username=${bob.username}`)).items.map((s) => s.id)).to.not.include(sidOf(leaving));
  });

  it('does not write lastSeenAt on every request', async () => {
    for (let i = 0; i < 3; i += 1) expectSuccess(await server.http().get('/api/v1/me').set('Authorization', adaAgain.bearer));
    const session = (await list(`?username=${ada.username}`)).items.find((s) => s.id === sidOf(adaAgain))!;
    // Within the first minute the login's own time stands: no write per request.
    expect(session.lastSeenAt).to.equal(session.createdAt);
  });

  it('answers 403 PERM_DENIED_403 to a caller without system:session:list', async () => {
    expectError(await server.http().get('/api/v1/system/sessions').set('Authorization', ada.tokens.bearer), 403, 'PERM_DENIED_403');
  });
});

/**
 * Two administrators, both logged in for real: the seeded super administrator (`*:*:*`) and a
 * lesser one holding the session permissions only. Ending a session locks its user out until
 * they log in again, so nobody ends the session of a user who outranks them.
 */
describe('auth: forced logout beside the super administrator', () => {
  let server: TestServer;
  let root: Tokens;
  let lesser: Tokens;
  const SESSION_ADMIN = ['system:session:list', 'system:session:forceLogout'];

  before(async () => {
    server = await startTestServer();
    root = await adminLogin(server);
    lesser = (await createUserAndLogin(server, { permissions: SESSION_ADMIN })).tokens;
  });
  after(() => server?.stop());

  const forceLogout = (caller: Tokens, target: Tokens) =>
    server
      .http()
      .delete(`/api/v1/system/sessions/${sidOf(target)}`)
      .set('Authorization', caller.bearer);
  // Every administrator here may list sessions: a live token is answered, an ended one 401.
  const sessions = (tokens: Tokens) => server.http().get('/api/v1/system/sessions').set('Authorization', tokens.bearer);

  it("refuses the lesser administrator the super administrator's session: 403 PERM_DENIED_403 naming what it lacks, and the session lives on", async () => {
    const body = expectError(await forceLogout(lesser, root), 403, 'PERM_DENIED_403');
    expect(body.details).to.deep.include.members([
      {
        field: '/params/id',
        rule: 'escalation',
        message: 'role "admin" grants *:*:*, which you do not hold',
        roleId: '01900000-0000-7000-8000-000000000001',
        permission: '*:*:*',
      },
    ]);
    expectSuccess(await sessions(root));
  });

  it("lets the lesser administrator end a peer's session (the same permissions), and its own", async () => {
    const peer = (await createUserAndLogin(server, { permissions: SESSION_ADMIN })).tokens;
    expectSuccess(await sessions(peer));
    expectSuccess(await forceLogout(lesser, peer));
    expectError(await sessions(peer), 401, 'AUTH_TOKEN_REVOKED_401');
    const own = (await createUserAndLogin(server, { permissions: SESSION_ADMIN })).tokens;
    expectSuccess(await forceLogout(own, own));
    expectError(await sessions(own), 401, 'AUTH_TOKEN_REVOKED_401');
  });

  it("lets the super administrator end the lesser administrator's session", async () => {
    const other = (await createUserAndLogin(server, { permissions: SESSION_ADMIN })).tokens;
    expectSuccess(await forceLogout(await adminLogin(server), other));
    expectError(await sessions(other), 401, 'AUTH_TOKEN_REVOKED_401');
  });
});
