import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { DEFAULT_TENANT_ID } from '../../kernel/api';
import { expectError, expectSuccess } from '../http/helpers';
import { ADMIN_PASSWORD, TEST_PASSWORD, adminLogin, createUser, expectNotLogged, login, secretsOf, setParam } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

describe('auth: login', () => {
  let server: TestServer;
  /** Every token and password of the file: none may reach the log. */
  const secrets: string[] = [ADMIN_PASSWORD, TEST_PASSWORD];

  before(async () => {
    // Failures are what these tests make: the limit has a file of its own (login-limit.test.ts).
    server = await startTestServer({ captureLogs: true });
    await setParam(server, 'auth.login.maxFailures', '1000');
  });
  after(() => server?.stop());

  const attempt = (username: string, password: string) => server.http().post('/api/v1/auth/login').send({ username, password });

  it('answers an access token, its type, lifetime and expiry, and a refresh token', async () => {
    const before = Date.now();
    const res = await attempt('admin', ADMIN_PASSWORD);
    const data = expectSuccess(res).data as Record<string, unknown>;
    expect(data).to.have.all.keys('accessToken', 'tokenType', 'expiresIn', 'expiresAt', 'refreshToken');
    expect(data).to.include({ tokenType: 'Bearer', expiresIn: 900 });
    const expiresAt = Date.parse(data.expiresAt as string);
    // Claims count whole seconds: `iat` is the second of issue.
    expect(expiresAt).to.be.within(Math.floor(before / 1000) * 1000 + 900_000, Date.now() + 900_000);
    expect(data.refreshToken).to.match(/^[A-Za-z0-9_-]{43}$/);
    secrets.push(...secretsOf(data as { accessToken: string; refreshToken: string }));
  });

  it('signs an HS256 JWT naming the user, the session, the tenant, a unique id and the issuer', async () => {
    const first = await adminLogin(server);
    const second = await adminLogin(server);
    secrets.push(...secretsOf(first), ...secretsOf(second));
    const { header, payload } = jwt.decode(first.accessToken, { complete: true })!;
    expect(header.alg).to.equal('HS256');
    const claims = payload as jwt.JwtPayload;
    expect(claims).to.have.all.keys('sub', 'sid', 'tid', 'jti', 'iat', 'exp', 'iss');
    expect(claims.iss).to.equal('atrium');
    expect(claims.tid, 'the default tenant, named by no login').to.equal(DEFAULT_TENANT_ID);
    expect(claims.exp! - claims.iat!).to.equal(900);
    const me = expectSuccess(await server.http().get('/api/v1/me').set('Authorization', first.bearer)).data as { user: { id: string } };
    expect(claims.sub).to.equal(me.user.id);
    const other = jwt.decode(second.accessToken) as jwt.JwtPayload;
    expect(other.sid, 'each login is a session of its own').to.not.equal(claims.sid);
    expect(other.jti).to.not.equal(claims.jti);
  });

  it('opens a session whose token works on the next request', async () => {
    const tokens = await adminLogin(server);
    secrets.push(...secretsOf(tokens));
    expectSuccess(await server.http().get('/api/v1/system/sessions').set('Authorization', tokens.bearer));
  });

  it('answers an unknown user and a wrong password alike: 401 AUTH_INVALID_CREDENTIALS_401, same message, both after hashing', async () => {
    const timed = async (username: string, password: string) => {
      const started = process.hrtime.bigint();
      const res = await attempt(username, password);
      return { res, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    };
    const unknown = await timed('nobody-at-all', 'whatever-password');
    const wrong = await timed('admin', 'not-the-password');
    const a = expectError(unknown.res, 401, 'AUTH_INVALID_CREDENTIALS_401');
    const b = expectError(wrong.res, 401, 'AUTH_INVALID_CREDENTIALS_401');
    expect(a.message).to.equal(b.message);
    expect(a.details).to.deep.equal(b.details);
    // argon2id (19 MiB, t=2) takes milliseconds: both answers paid for a hash.
    expect(unknown.ms).to.be.greaterThan(2);
    expect(wrong.ms).to.be.greaterThan(2);
  });

  it('checks the password exactly as sent: no trimming, no case folding, no truncation', async () => {
    const password = 'Exact-Password-123';
    const user = await createUser(server, { password });
    secrets.push(password);
    for (const near of [`${password} `, ` ${password}`, password.toLowerCase(), password.slice(0, -1), `${password}4`]) {
      expectError(await attempt(user.username, near), 401, 'AUTH_INVALID_CREDENTIALS_401');
    }
    const long = `${'p'.repeat(90)}-long-one`;
    const longUser = await createUser(server, { password: long });
    secrets.push(long);
    expectError(await attempt(longUser.username, long.slice(0, 72)), 401, 'AUTH_INVALID_CREDENTIALS_401');
    secrets.push(...secretsOf(await login(server, longUser.username, long)));
    secrets.push(...secretsOf(await login(server, user.username, password)));
  });

  it('takes the username however it is spelt: case and surrounding spaces', async () => {
    secrets.push(...secretsOf(await login(server, '  ADMIN ', ADMIN_PASSWORD)));
  });

  it('answers 401 AUTH_ACCOUNT_DISABLED_401 to a disabled account with the right password, and the usual 401 with a wrong one', async () => {
    const user = await createUser(server);
    const disabled = await server.http().put(`/api/v1/users/${user.id}`).set('Authorization', ADMIN).send({ status: 'disabled', version: user.version });
    expectSuccess(disabled);
    expectError(await attempt(user.username, user.password), 401, 'AUTH_ACCOUNT_DISABLED_401');
    expectError(await attempt(user.username, 'not-the-password'), 401, 'AUTH_INVALID_CREDENTIALS_401');
  });

  it('answers 400 VALIDATION_FAILED_400 to a body without a password or with properties it does not know', async () => {
    expectError(await server.http().post('/api/v1/auth/login').send({ username: 'admin' }), 400, 'VALIDATION_FAILED_400');
    expectError(
      await server.http().post('/api/v1/auth/login').send({ username: 'admin', password: ADMIN_PASSWORD, remember: true }),
      400,
      'VALIDATION_FAILED_400',
    );
  });

  it('never writes a token or a password to the log', () => {
    expectNotLogged(server, secrets);
  });
});
