import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { expectError, expectSuccess } from '../http/helpers';
import { adminLogin, expectNotLogged, secretsOf, setParam, type Tokens } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';

describe('auth: refresh tokens', () => {
  let server: TestServer;
  const secrets: string[] = [];

  before(async () => {
    server = await startTestServer({ captureLogs: true });
  });
  after(() => server?.stop());

  const refresh = (refreshToken: string) => server.http().post('/api/v1/auth/refresh').send({ refreshToken });
  const me = (accessToken: string) => server.http().get('/api/v1/me').set('Authorization', `Bearer ${accessToken}`);

  async function loggedIn(): Promise<Tokens> {
    const tokens = await adminLogin(server);
    secrets.push(...secretsOf(tokens));
    return tokens;
  }

  async function rotated(refreshToken: string): Promise<Tokens> {
    const data = expectSuccess(await refresh(refreshToken)).data as Omit<Tokens, 'bearer'>;
    secrets.push(...secretsOf(data));
    return { ...data, bearer: `Bearer ${data.accessToken}` };
  }

  it('answers a new pair for the same session, and the new access token works', async () => {
    const first = await loggedIn();
    const second = await rotated(first.refreshToken);
    expect(second).to.include({ tokenType: 'Bearer', expiresIn: 900 });
    expect(second.refreshToken).to.not.equal(first.refreshToken);
    expect(second.accessToken).to.not.equal(first.accessToken);
    const [a, b] = [first, second].map((t) => jwt.decode(t.accessToken) as jwt.JwtPayload);
    expect(b.sid).to.equal(a.sid);
    expect(b.jti).to.not.equal(a.jti);
    expectSuccess(await me(second.accessToken));
  });

  it('spends the token: presenting it again answers 401 AUTH_TOKEN_REVOKED_401 and ends the whole session', async () => {
    const first = await loggedIn();
    const second = await rotated(first.refreshToken);
    const third = await rotated(second.refreshToken);
    // Someone replays the first refresh token: a thief or the victim, the session cannot tell which.
    expectError(await refresh(first.refreshToken), 401, 'AUTH_TOKEN_REVOKED_401');
    expectError(await me(third.accessToken), 401, 'AUTH_TOKEN_REVOKED_401');
    expectError(await me(first.accessToken), 401, 'AUTH_TOKEN_REVOKED_401');
    expectError(await refresh(third.refreshToken), 401, 'AUTH_TOKEN_REVOKED_401');
  });

  it('lets exactly one of two refreshes racing with the same token through, and ends the session', async () => {
    const tokens = await loggedIn();
    const results = await Promise.all([refresh(tokens.refreshToken), refresh(tokens.refreshToken)]);
    expect(results.map((r) => r.status).sort()).to.deep.equal([200, 401]);
    for (const res of results) if (res.status === 200) secrets.push(...secretsOf(res.body.data));
    expectError(await me(tokens.accessToken), 401, 'AUTH_TOKEN_REVOKED_401');
  });

  it('leaves other sessions of the user alone when one is revoked for reuse', async () => {
    const victim = await loggedIn();
    const bystander = await loggedIn();
    await rotated(victim.refreshToken);
    expectError(await refresh(victim.refreshToken), 401, 'AUTH_TOKEN_REVOKED_401');
    expectSuccess(await me(bystander.accessToken));
  });

  it('answers 401 AUTH_TOKEN_INVALID_401 to a refresh token it never issued', async () => {
    expectError(await refresh('x'.repeat(43)), 401, 'AUTH_TOKEN_INVALID_401');
  });

  it('answers 401 AUTH_TOKEN_REVOKED_401 to the refresh token of a session that logged out', async () => {
    const tokens = await loggedIn();
    expectSuccess(await server.http().post('/api/v1/auth/logout').set('Authorization', tokens.bearer));
    expectError(await refresh(tokens.refreshToken), 401, 'AUTH_TOKEN_REVOKED_401');
  });

  it('answers 400 VALIDATION_FAILED_400 without a refresh token', async () => {
    expectError(await server.http().post('/api/v1/auth/refresh').send({}), 400, 'VALIDATION_FAILED_400');
  });

  it('never writes a token to the log', () => {
    expectNotLogged(server, secrets);
  });
});

describe('auth: a session kept alive by refreshing', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    await setParam(server, 'auth.refreshToken.ttlSeconds', '60');
  });
  after(() => server?.stop());

  it("moves the session's expiry on at each refresh", async () => {
    const tokens = await adminLogin(server);
    const listed = async () => {
      const res = await server.http().get('/api/v1/me/sessions').set('Authorization', tokens.bearer);
      return (expectSuccess(res).data as { items: Array<{ expiresAt: string }> }).items[0].expiresAt;
    };
    const before = await listed();
    expect(Date.parse(before) - Date.now()).to.be.within(55_000, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expectSuccess(await server.http().post('/api/v1/auth/refresh').send({ refreshToken: tokens.refreshToken }));
    expect(Date.parse(await listed())).to.be.greaterThan(Date.parse(before));
  });
});
