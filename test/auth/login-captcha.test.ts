import { expect } from 'chai';
import svgCaptcha from 'svg-captcha';
import { eventually, expectError, expectSuccess } from '../http/helpers';
import { createUser, setParam, type CreatedUser } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

/** The test client connects from loopback; this server believes its X-Forwarded-For. */
const TRUSTED_LOOPBACK = { trustedProxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] };

/**
 * The login captcha after repeated failures. The server draws real pictures; the test reads the
 * characters as a person would, by watching svg-captcha draw them (it runs in this process): the
 * picture itself is what a person reads, which a test cannot.
 */
describe('auth: a captcha after repeated failed logins', () => {
  let server: TestServer;
  const drawn: string[] = [];
  const draw = svgCaptcha.create;

  before(async () => {
    svgCaptcha.create = (options) => {
      const captcha = draw(options);
      drawn.push(captcha.text);
      return captcha;
    };
    server = await startTestServer({ config: TRUSTED_LOOPBACK });
    await setParam(server, 'auth.captcha.afterFailures', '2');
  });
  after(async () => {
    svgCaptcha.create = draw;
    await server?.stop();
  });

  const login = (user: CreatedUser, password: string, from: string, captcha: Record<string, string> = {}) =>
    server
      .http()
      .post('/api/v1/auth/login')
      .set('X-Forwarded-For', from)
      .send({ username: user.username, password, ...captcha });
  const challenge = async () => {
    const res = await server.http().post('/api/v1/auth/captcha');
    expect(res.status, res.text).to.equal(201);
    return { captchaId: res.body.data.captchaId as string, answer: drawn[drawn.length - 1], body: res.body.data as Record<string, string> };
  };
  const failTwice = async (user: CreatedUser, from: string) => {
    for (let i = 0; i < 2; i++) expectError(await login(user, 'wrong-password', from), 401, 'AUTH_INVALID_CREDENTIALS_401');
  };

  it('draws a challenge: an SVG picture as a data URL, its id and its expiry two minutes on', async () => {
    const { body } = await challenge();
    expect(body.captchaId).to.match(/^[0-9a-f-]{36}$/);
    expect(body.image).to.match(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.image.split(',')[1], 'base64').toString('utf8')).to.match(/^<svg[^>]*>.*<\/svg>$/s);
    expect(new Date(body.expiresAt).getTime() - Date.now()).to.be.within(100_000, 121_000);
  });

  it('asks for a solved captcha from the param’s count of failures on, even with the right password', async () => {
    const user = await createUser(server);
    await failTwice(user, '192.0.2.10');
    const res = expectError(await login(user, user.password, '192.0.2.10'), 401, 'AUTH_CAPTCHA_REQUIRED_401');
    expect(res.details).to.deep.include({
      field: '/body/captchaAnswer',
      rule: 'captcha',
      message: 'draw a challenge with POST /auth/captcha and send its captchaId and captchaAnswer',
    });
  });

  it('lets the right password in with the challenge read right, in any case', async () => {
    const user = await createUser(server);
    await failTwice(user, '192.0.2.11');
    const { captchaId, answer } = await challenge();
    const res = expectSuccess(await login(user, user.password, '192.0.2.11', { captchaId, captchaAnswer: answer.toLowerCase() }));
    expect((res.data as { accessToken: unknown }).accessToken).to.be.a('string');
  });

  it('refuses a wrong answer, and spends the challenge: the right answer to it fails after', async () => {
    const user = await createUser(server);
    await failTwice(user, '192.0.2.12');
    const { captchaId, answer } = await challenge();
    expectError(await login(user, user.password, '192.0.2.12', { captchaId, captchaAnswer: `${answer}x` }), 401, 'AUTH_CAPTCHA_INVALID_401');
    expectError(await login(user, user.password, '192.0.2.12', { captchaId, captchaAnswer: answer }), 401, 'AUTH_CAPTCHA_INVALID_401');
    expectError(
      await login(user, user.password, '192.0.2.12', { captchaId: '01900000-0000-7000-8000-000000000000', captchaAnswer: answer }),
      401,
      'AUTH_CAPTCHA_INVALID_401',
    );
  });

  it('does not count a login refused for its captcha as a failed password: the lockout is not reached by them', async () => {
    const user = await createUser(server);
    await failTwice(user, '192.0.2.13');
    for (let i = 0; i < 6; i++) expectError(await login(user, 'wrong-password', '192.0.2.13'), 401, 'AUTH_CAPTCHA_REQUIRED_401');
    const { captchaId, answer } = await challenge();
    expectSuccess(await login(user, user.password, '192.0.2.13', { captchaId, captchaAnswer: answer }));
  });

  it('counts a wrong password sent with a solved captcha, and locks out at auth.login.maxFailures as before', async () => {
    const user = await createUser(server);
    await failTwice(user, '192.0.2.14');
    for (let i = 0; i < 3; i++) {
      const { captchaId, answer } = await challenge();
      expectError(await login(user, 'wrong-password', '192.0.2.14', { captchaId, captchaAnswer: answer }), 401, 'AUTH_INVALID_CREDENTIALS_401');
    }
    const { captchaId, answer } = await challenge();
    expectError(await login(user, user.password, '192.0.2.14', { captchaId, captchaAnswer: answer }), 429, 'AUTH_TOO_MANY_ATTEMPTS_429');
  });

  it('records a wrong answer in the login log as captcha_failed', async () => {
    const user = await createUser(server);
    await failTwice(user, '192.0.2.15');
    const { captchaId } = await challenge();
    expectError(await login(user, user.password, '192.0.2.15', { captchaId, captchaAnswer: 'nope' }), 401, 'AUTH_CAPTCHA_INVALID_401');
    const reasons = await eventually(async () => {
      const res = await server.http().get(`/api/v1/audit/logins?username=${user.username}`).set('Authorization', ADMIN);
      const items = res.body.data.items as { reason: string }[];
      return items.length === 3 ? items.map((item) => item.reason) : undefined;
    });
    expect(reasons).to.deep.equal(['captcha_failed', 'invalid_credentials', 'invalid_credentials']);
  });

  it('asks for nothing once the param is back at 0', async () => {
    await setParam(server, 'auth.captcha.afterFailures', '0');
    const user = await createUser(server);
    await failTwice(user, '192.0.2.16');
    expectSuccess(await login(user, user.password, '192.0.2.16'));
    await setParam(server, 'auth.captcha.afterFailures', '2');
  });
});
