import { expect } from 'chai';
import { operationFor } from '../audit/helpers';
import { expectError, expectSuccess } from '../http/helpers';
import { TEST_PASSWORD, createUser, login, setParam, type CreatedUser } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';
import { enrolTotp, totpCode, type Enrolled } from '../support/two-factor';

const TRUSTED_LOOPBACK = { trustedProxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] };

describe('auth: two-factor sign-in (TOTP)', () => {
  let server: TestServer;
  let address = 0;
  /** Each test signs in from an address of its own, so the limiter's per-address counts never meet. */
  const newAddress = () => `198.51.100.${(address += 1)}`;

  before(async () => {
    server = await startTestServer({ config: TRUSTED_LOOPBACK });
  });
  after(() => server?.stop());

  const post = (path: string, body: object, from: string) => server.http().post(`/api/v1${path}`).set('X-Forwarded-For', from).send(body);
  const passwordStep = (user: CreatedUser, from: string) => post('/auth/login', { username: user.username, password: TEST_PASSWORD }, from);

  /** A user with two-factor on, and the mfaToken of a login whose password was right. */
  async function enrolledUser(from: string): Promise<{ user: CreatedUser; enrolled: Enrolled; mfaToken: string }> {
    const user = await createUser(server, { permissions: ['me:*:*'] });
    const enrolled = await enrolTotp(server, await login(server, user.username, TEST_PASSWORD, { forwardedFor: from }));
    const data = expectSuccess(await passwordStep(user, from)).data as Record<string, unknown>;
    expect(data).to.have.all.keys('mfaRequired', 'mfaToken');
    return { user, enrolled, mfaToken: data.mfaToken as string };
  }

  it('enrols with a secret, an otpauth URI and a QR code, then asks a login for a code and completes it with one', async () => {
    const from = newAddress();
    const user = await createUser(server, { permissions: ['me:*:*'] });
    const tokens = await login(server, user.username, TEST_PASSWORD, { forwardedFor: from });
    const begun = expectSuccess(await server.http().post('/api/v1/me/mfa/totp').set('Authorization', tokens.bearer).send({})).data as Record<string, string>;
    expect(begun.secret).to.match(/^[A-Z2-7]{32}$/);
    expect(begun.uri)
      .to.match(/^otpauth:\/\/totp\/Atrium:/)
      .and.include(`secret=${begun.secret}`);
    expect(begun.qrCode).to.match(/^data:image\/png;base64,/);
    const status = () => server.http().get('/api/v1/me/mfa').set('Authorization', tokens.bearer);
    expect(expectSuccess(await status()).data, 'not on before the confirm').to.deep.equal({ totp: false });
    expect(expectSuccess(await passwordStep(user, from)).data, 'a login before the confirm').to.have.property('accessToken');

    const confirmed = expectSuccess(
      await server
        .http()
        .post('/api/v1/me/mfa/totp/confirm')
        .set('Authorization', tokens.bearer)
        .send({ code: totpCode(begun.secret) }),
    );
    const recoveryCodes = (confirmed.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(recoveryCodes).to.have.length(10);
    expect(new Set(recoveryCodes).size).to.equal(10);
    expect(expectSuccess(await status()).data).to.deep.equal({ totp: true });

    const pending = expectSuccess(await passwordStep(user, from)).data as { mfaRequired: boolean; mfaToken: string };
    expect(pending).to.have.all.keys('mfaRequired', 'mfaToken');
    expect(pending.mfaRequired).to.equal(true);
    const done = expectSuccess(await post('/auth/mfa', { mfaToken: pending.mfaToken, code: totpCode(begun.secret, 1) }, from)).data as { accessToken: string };
    expect(done).to.include.keys('accessToken', 'refreshToken', 'expiresAt');
    expectSuccess(await server.http().get('/api/v1/me').set('Authorization', `Bearer ${done.accessToken}`));
  });

  it('refuses a wrong code with 401 AUTH_MFA_CODE_INVALID_401, and the token stays usable', async () => {
    const from = newAddress();
    const { enrolled, mfaToken } = await enrolledUser(from);
    const wrong = String((Number(totpCode(enrolled.secret, 1)) + 1) % 1_000_000).padStart(6, '0');
    expectError(await post('/auth/mfa', { mfaToken, code: wrong }, from), 401, 'AUTH_MFA_CODE_INVALID_401');
    expectError(await post('/auth/mfa', { mfaToken, code: 'ZZZZZ-ZZZZZ' }, from), 401, 'AUTH_MFA_CODE_INVALID_401');
    expectSuccess(await post('/auth/mfa', { mfaToken, code: totpCode(enrolled.secret, 1) }, from));
  });

  it('refuses a code already used in its window', async () => {
    const from = newAddress();
    const { user, enrolled, mfaToken } = await enrolledUser(from);
    const code = totpCode(enrolled.secret, 1);
    expectSuccess(await post('/auth/mfa', { mfaToken, code }, from));
    const again = (expectSuccess(await passwordStep(user, from)).data as { mfaToken: string }).mfaToken;
    expectError(await post('/auth/mfa', { mfaToken: again, code }, from), 401, 'AUTH_MFA_CODE_INVALID_401');
    expectError(await post('/auth/mfa', { mfaToken: again, code: totpCode(enrolled.secret) }, from), 401, 'AUTH_MFA_CODE_INVALID_401');
  });

  it('takes an mfaToken once: 401 AUTH_MFA_TOKEN_INVALID_401 for a spent one and for one never issued', async () => {
    const from = newAddress();
    const { enrolled, mfaToken } = await enrolledUser(from);
    expectSuccess(await post('/auth/mfa', { mfaToken, code: enrolled.recoveryCodes[0] }, from));
    expectError(await post('/auth/mfa', { mfaToken, code: enrolled.recoveryCodes[1] }, from), 401, 'AUTH_MFA_TOKEN_INVALID_401');
    expectError(await post('/auth/mfa', { mfaToken: 'not-a-token', code: '123456' }, from), 401, 'AUTH_MFA_TOKEN_INVALID_401');
  });

  it('lets an mfaToken expire after auth.mfa.tokenTtlSeconds', async () => {
    const from = newAddress();
    const user = await createUser(server, { permissions: ['me:*:*'] });
    const enrolled = await enrolTotp(server, await login(server, user.username, TEST_PASSWORD, { forwardedFor: from }));
    await setParam(server, 'auth.mfa.tokenTtlSeconds', '1');
    try {
      const { mfaToken } = expectSuccess(await passwordStep(user, from)).data as { mfaToken: string };
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expectError(await post('/auth/mfa', { mfaToken, code: totpCode(enrolled.secret, 1) }, from), 401, 'AUTH_MFA_TOKEN_INVALID_401');
    } finally {
      await setParam(server, 'auth.mfa.tokenTtlSeconds', '300');
    }
  });

  it('keeps no code in the audit record of a refused attempt (a recovery code refused for an expired token still works)', async () => {
    const from = newAddress();
    const { enrolled } = await enrolledUser(from);
    const refused = await post('/auth/mfa', { mfaToken: 'expired-or-unknown', code: enrolled.recoveryCodes[0] }, from);
    expectError(refused, 401, 'AUTH_MFA_TOKEN_INVALID_401');
    const record = await operationFor(server, refused.body.traceId as string);
    expect(JSON.stringify(record.body)).to.not.include(enrolled.recoveryCodes[0]);
    expect(record.body, 'the token is a credential by its name, the code by its schema').to.deep.equal({});
  });

  it('accepts each recovery code once, in any case and spacing', async () => {
    const from = newAddress();
    const { user, enrolled, mfaToken } = await enrolledUser(from);
    const [code] = enrolled.recoveryCodes;
    expectSuccess(await post('/auth/mfa', { mfaToken, code: code.toLowerCase().replace('-', ' ') }, from));
    const again = (expectSuccess(await passwordStep(user, from)).data as { mfaToken: string }).mfaToken;
    expectError(await post('/auth/mfa', { mfaToken: again, code }, from), 401, 'AUTH_MFA_CODE_INVALID_401');
  });

  it('limits wrong codes as failed logins: 429 AUTH_TOO_MANY_ATTEMPTS_429 with Retry-After, even for the right code', async () => {
    const from = newAddress();
    const { enrolled, mfaToken } = await enrolledUser(from);
    await setParam(server, 'auth.login.maxFailures', '3');
    try {
      for (let i = 0; i < 3; i += 1) expectError(await post('/auth/mfa', { mfaToken, code: '000000' }, from), 401, 'AUTH_MFA_CODE_INVALID_401');
      const refused = await post('/auth/mfa', { mfaToken, code: totpCode(enrolled.secret, 1) }, from);
      expectError(refused, 429, 'AUTH_TOO_MANY_ATTEMPTS_429');
      expect(Number(refused.headers['retry-after'])).to.be.greaterThan(0);
    } finally {
      await setParam(server, 'auth.login.maxFailures', '5');
    }
  });

  it('turns two-factor off only with a current code or recovery code', async () => {
    const from = newAddress();
    const { user, enrolled, mfaToken } = await enrolledUser(from);
    const tokens = expectSuccess(await post('/auth/mfa', { mfaToken, code: totpCode(enrolled.secret, 1) }, from)).data as { accessToken: string };
    const disable = (body: object) => server.http().delete('/api/v1/me/mfa/totp').set('Authorization', `Bearer ${tokens.accessToken}`).send(body);
    expectError(await disable({}), 400, 'VALIDATION_FAILED_400');
    expectError(await disable({ code: '000000' }), 400, 'AUTH_MFA_CODE_INVALID_400');
    expectSuccess(await disable({ code: enrolled.recoveryCodes[0] }));
    expectError(await disable({ code: enrolled.recoveryCodes[1] }), 409, 'AUTH_MFA_NOT_ENABLED_409');
    expect(expectSuccess(await passwordStep(user, from)).data, 'a password alone signs in again').to.have.property('accessToken');
  });

  it('refuses a second enrolment while one is on (409), and a confirm with no enrolment started (409)', async () => {
    const from = newAddress();
    const user = await createUser(server, { permissions: ['me:*:*'] });
    const tokens = await login(server, user.username, TEST_PASSWORD, { forwardedFor: from });
    const confirm = () => server.http().post('/api/v1/me/mfa/totp/confirm').set('Authorization', tokens.bearer).send({ code: '123456' });
    expectError(await confirm(), 409, 'AUTH_MFA_NOT_ENROLLING_409');
    await enrolTotp(server, tokens);
    expectError(await server.http().post('/api/v1/me/mfa/totp').set('Authorization', tokens.bearer).send({}), 409, 'AUTH_MFA_ALREADY_ENABLED_409');
  });
});
