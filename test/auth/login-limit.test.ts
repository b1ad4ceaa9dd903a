import { expect } from 'chai';
import { expectError, expectSuccess } from '../http/helpers';
import { createUser, setParam, type CreatedUser } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';

/** The test client connects from loopback; these servers believe its X-Forwarded-For. */
const TRUSTED_LOOPBACK = { trustedProxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] };

describe('auth: failed login limiting', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ config: TRUSTED_LOOPBACK });
  });
  after(() => server?.stop());

  const attempt = (username: string, password: string, from: string) =>
    server.http().post('/api/v1/auth/login').set('X-Forwarded-For', from).send({ username, password });

  async function failFiveTimes(user: CreatedUser, from: string): Promise<void> {
    for (let i = 0; i < 5; i += 1) expectError(await attempt(user.username, 'wrong-password', from), 401, 'AUTH_INVALID_CREDENTIALS_401');
  }

  it('answers 429 AUTH_TOO_MANY_ATTEMPTS_429 with Retry-After after 5 failures, even for the right password', async () => {
    const user = await createUser(server);
    await failFiveTimes(user, '192.0.2.1');
    const res = await attempt(user.username, user.password, '192.0.2.1');
    expectError(res, 429, 'AUTH_TOO_MANY_ATTEMPTS_429');
    expect(Number(res.headers['retry-after'])).to.be.within(1, 600);
  });

  it('counts the username however it is spelt', async () => {
    const user = await createUser(server);
    for (const spelling of [user.username, user.username.toUpperCase(), ` ${user.username}`, user.username, user.username]) {
      expectError(await attempt(spelling, 'wrong-password', '192.0.2.2'), 401, 'AUTH_INVALID_CREDENTIALS_401');
    }
    expectError(await attempt(user.username, user.password, '192.0.2.2'), 429, 'AUTH_TOO_MANY_ATTEMPTS_429');
  });

  it('still lets the account in from another address: an attacker cannot lock its owner out', async () => {
    const user = await createUser(server);
    await failFiveTimes(user, '192.0.2.3');
    expectSuccess(await attempt(user.username, user.password, '198.51.100.3'));
  });

  it('limits an address failing across accounts', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser(server)));
    for (const user of users.slice(0, 5)) expectError(await attempt(user.username, 'wrong-password', '192.0.2.4'), 401, 'AUTH_INVALID_CREDENTIALS_401');
    expectError(await attempt(users[5].username, users[5].password, '192.0.2.4'), 429, 'AUTH_TOO_MANY_ATTEMPTS_429');
  });

  it('forgives the failures of an account that then logs in', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 4; i += 1) expectError(await attempt(user.username, 'wrong-password', '192.0.2.5'), 401, 'AUTH_INVALID_CREDENTIALS_401');
    expectSuccess(await attempt(user.username, user.password, '192.0.2.5'));
    // The address keeps its 4 failures, so one more is allowed from it; the account starts again.
    expectError(await attempt(user.username, 'wrong-password', '192.0.2.5'), 401, 'AUTH_INVALID_CREDENTIALS_401');
    expectError(await attempt(user.username, user.password, '192.0.2.5'), 429, 'AUTH_TOO_MANY_ATTEMPTS_429');
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const untrusting = await startTestServer();
    try {
      const user = await createUser(untrusting);
      for (let i = 0; i < 5; i += 1) {
        const res = await untrusting
          .http()
          .post('/api/v1/auth/login')
          .set('X-Forwarded-For', `192.0.2.${100 + i}`)
          .send({ username: user.username, password: 'wrong-password' });
        expectError(res, 401, 'AUTH_INVALID_CREDENTIALS_401');
      }
      const res = await untrusting
        .http()
        .post('/api/v1/auth/login')
        .set('X-Forwarded-For', '192.0.2.200')
        .send({ username: user.username, password: user.password });
      expectError(res, 429, 'AUTH_TOO_MANY_ATTEMPTS_429');
    } finally {
      await untrusting.stop();
    }
  });
});

describe('auth: the failed login window', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    await setParam(server, 'auth.login.windowSeconds', '2');
    await setParam(server, 'auth.login.maxFailures', '2');
  });
  after(() => server?.stop());

  it('ends: once the window has passed, the right password logs in again', async () => {
    const user = await createUser(server);
    const attempt = (password: string) => server.http().post('/api/v1/auth/login').send({ username: user.username, password });
    expectError(await attempt('wrong-password'), 401, 'AUTH_INVALID_CREDENTIALS_401');
    expectError(await attempt('wrong-password'), 401, 'AUTH_INVALID_CREDENTIALS_401');
    const refused = await attempt(user.password);
    expectError(refused, 429, 'AUTH_TOO_MANY_ATTEMPTS_429');
    expect(Number(refused.headers['retry-after'])).to.be.within(1, 2);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expectSuccess(await attempt(user.password));
  });
});
