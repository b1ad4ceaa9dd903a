import { expect } from 'chai';
import { SecretBox } from '../../kernel/crypto/secret-box';
import { makeKey } from '../api-keys/api-key-helpers';
import { expectError, expectSuccess } from '../http/helpers';
import { TEST_PASSWORD, createUser, login, type CreatedUser } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { enrolTotp, totpCode, type Enrolled } from '../support/two-factor';

const TRUSTED_LOOPBACK = { trustedProxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] };

/** A sign-in's data at rest: the authenticator secret sealed, and nothing left of a deleted user. */
describe('auth: sign-in data kept sealed, and gone with its user', () => {
  let server: TestServer;
  let address = 0;
  const newAddress = () => `198.51.100.${(address += 1)}`;

  before(async () => {
    server = await startTestServer({ config: TRUSTED_LOOPBACK });
  });
  after(() => server?.stop());

  const post = (path: string, body: object, from: string) => server.http().post(`/api/v1${path}`).set('X-Forwarded-For', from).send(body);

  async function enrolled(from: string): Promise<{ user: CreatedUser; factor: Enrolled; bearer: string }> {
    const user = await createUser(server, { permissions: ['me:*:*'] });
    const tokens = await login(server, user.username, TEST_PASSWORD, { forwardedFor: from });
    return { user, factor: await enrolTotp(server, tokens), bearer: tokens.bearer };
  }

  /** The password step's mfaToken, then the second step with `code`. */
  async function signIn(user: CreatedUser, code: string, from: string) {
    const pending = expectSuccess(await post('/auth/login', { username: user.username, password: TEST_PASSWORD }, from)).data as { mfaToken: string };
    return post('/auth/mfa', { mfaToken: pending.mfaToken, code }, from);
  }

  const storedSecret = async (userId: string) =>
    (await server.sql<{ secret: string }>('select secret from auth_totp_factor where user_id = ?', [userId]))[0].secret;

  it('stores the authenticator secret sealed, and its codes still sign in', async () => {
    const from = newAddress();
    const { user, factor } = await enrolled(from);
    const stored = await storedSecret(user.id);
    expect(stored).to.match(/^v1\./);
    expect(stored).not.to.include(factor.secret);
    expectSuccess(await signIn(user, totpCode(factor.secret, 1), from));
  });

  it('seals a secret stored plain before sealing came, when it is first read', async () => {
    const from = newAddress();
    const { user, factor } = await enrolled(from);
    await server.sql('update auth_totp_factor set secret = ? where user_id = ?', [factor.secret, user.id]);
    expectSuccess(await signIn(user, totpCode(factor.secret, 1), from));
    const stored = await storedSecret(user.id);
    expect(stored).to.match(/^v1\./);
    expect(stored).not.to.include(factor.secret);
  });

  it('refuses a code of a secret sealed under another key with 401 AUTH_MFA_CODE_INVALID_401; a recovery code still signs in', async () => {
    const from = newAddress();
    const { user, factor } = await enrolled(from);
    const foreign = new SecretBox('another-server-key-of-at-least-32-bytes!', 'auth totp secret').seal(factor.secret);
    await server.sql('update auth_totp_factor set secret = ? where user_id = ?', [foreign, user.id]);
    const refused = expectError(await signIn(user, totpCode(factor.secret, 1), from), 401, 'AUTH_MFA_CODE_INVALID_401');
    expect(JSON.stringify(refused)).not.to.match(/decipher|auth tag|secret box/i);
    expectSuccess(await signIn(user, factor.recoveryCodes[0], from));
  });

  it("deletes a deleted user's factor, recovery codes, mfaTokens, single sign-on links and API keys; a new user of the name inherits none", async () => {
    const from = newAddress();
    const { user, bearer } = await enrolled(from);
    await makeKey(server, bearer, ['me:profile:query']);
    expectSuccess(await post('/auth/login', { username: user.username, password: TEST_PASSWORD }, from));
    const [provider] = await server.sql<{ id: string }>(
      `insert into sso_provider (id, name, display_name, issuer, client_id, client_secret_sealed, username_claim, email_claim, link_by, jit, enabled, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Left behind', 'https://idp.example', 'atrium', 'sealed', 'preferred_username', 'email', 'none', false, true, now(), now()) returning id`,
      [`gone-${user.username}`],
    );
    await server.sql("insert into sso_link (provider_id, subject, user_id, created_at) values (?, 'subject-1', ?, now())", [provider.id, user.id]);
    const leftOf = async (userId: string) => {
      const counts: Record<string, number> = {};
      for (const table of ['auth_totp_factor', 'auth_recovery_code', 'auth_mfa_challenge', 'sso_link', 'api_keys_key']) {
        counts[table] = (await server.sql(`select 1 from ${table} where user_id = ?`, [userId])).length;
      }
      return counts;
    };
    expect(
      Object.values(await leftOf(user.id)).every((count) => count > 0),
      'each kind of row is there before',
    ).to.equal(true);

    expectSuccess(await server.http().delete(`/api/v1/users/${user.id}`).set('Authorization', ADMIN));
    const none = { auth_totp_factor: 0, auth_recovery_code: 0, auth_mfa_challenge: 0, sso_link: 0, api_keys_key: 0 };
    expect(await leftOf(user.id)).to.deep.equal(none);

    const again = await createUser(server, { username: user.username, permissions: ['me:*:*'] });
    expect(await leftOf(again.id)).to.deep.equal(none);
    const data = expectSuccess(await post('/auth/login', { username: again.username, password: TEST_PASSWORD }, from)).data as Record<string, unknown>;
    expect(data, 'no second factor asked of the new user').to.have.property('accessToken');
  });
});
