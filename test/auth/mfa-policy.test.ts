import { expect } from 'chai';
import { operationFor } from '../audit/helpers';
import { expectError, expectSuccess } from '../http/helpers';
import { TEST_PASSWORD, adminLogin, createRole, createUser, login, setParam } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';
import { enrolTotp, totpCode } from '../support/two-factor';

describe('auth: two-factor required by a role, and reset by an administrator', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  const post = (path: string, body: object) => server.http().post(`/api/v1${path}`).send(body);

  it('answers a member of a role auth.mfa.requiredRoles names mfaEnrolmentRequired, whose token only enrols, then signs them in', async () => {
    const role = await createRole(server, { permissions: ['me:*:*'] });
    const user = await createUser(server, { roleIds: [role.id] });
    const other = await createUser(server, { permissions: ['me:*:*'] });
    await setParam(server, 'auth.mfa.requiredRoles', ` other_role , ${role.code.toUpperCase()}`);
    try {
      expect(expectSuccess(await post('/auth/login', { username: other.username, password: TEST_PASSWORD })).data, 'not a member').to.have.property(
        'accessToken',
      );
      const pending = expectSuccess(await post('/auth/login', { username: user.username, password: TEST_PASSWORD })).data as Record<string, unknown>;
      expect(pending).to.have.all.keys('mfaEnrolmentRequired', 'mfaToken');
      const mfaToken = pending.mfaToken as string;
      expectError(await post('/auth/mfa', { mfaToken, code: '123456' }), 403, 'AUTH_MFA_ENROLMENT_REQUIRED_403');

      const begun = expectSuccess(await post('/auth/mfa/totp', { mfaToken })).data as { secret: string; qrCode: string };
      expect(begun.qrCode).to.match(/^data:image\/png;base64,/);
      expectError(await post('/auth/mfa/totp/confirm', { mfaToken, code: '000000' }), 401, 'AUTH_MFA_CODE_INVALID_401');
      const done = expectSuccess(await post('/auth/mfa/totp/confirm', { mfaToken, code: totpCode(begun.secret) })).data as Record<string, unknown>;
      expect(done).to.include.keys('accessToken', 'refreshToken', 'recoveryCodes');
      expectError(await post('/auth/mfa/totp', { mfaToken }), 401, 'AUTH_MFA_TOKEN_INVALID_401');

      const next = expectSuccess(await post('/auth/login', { username: user.username, password: TEST_PASSWORD })).data;
      expect(next, 'enrolled: the code is asked for').to.have.all.keys('mfaRequired', 'mfaToken');
    } finally {
      await setParam(server, 'auth.mfa.requiredRoles', '');
    }
  });

  it('refuses an mfaToken of a code login at the enrolment routes', async () => {
    const user = await createUser(server, { permissions: ['me:*:*'] });
    await enrolTotp(server, await login(server, user.username, TEST_PASSWORD));
    const { mfaToken } = expectSuccess(await post('/auth/login', { username: user.username, password: TEST_PASSWORD })).data as { mfaToken: string };
    expectError(await post('/auth/mfa/totp', { mfaToken }), 401, 'AUTH_MFA_TOKEN_INVALID_401');
  });

  it("lets an administrator with system:mfa:reset reset a user's second factor, audited, and answers 403 to one without it", async () => {
    const user = await createUser(server, { permissions: ['me:*:*'] });
    await enrolTotp(server, await login(server, user.username, TEST_PASSWORD));
    const lesser = await createUser(server, { permissions: ['system:user:*', 'me:*:*'] });
    const lesserTokens = await login(server, lesser.username, TEST_PASSWORD);
    const reset = (bearer: string) => server.http().delete(`/api/v1/auth/users/${user.id}/mfa`).set('Authorization', bearer);
    expectError(await reset(lesserTokens.bearer), 403, 'PERM_DENIED_403');

    const admin = await adminLogin(server);
    const done = await reset(admin.bearer);
    expectSuccess(done);
    expectError(await reset(admin.bearer), 409, 'AUTH_MFA_NOT_ENABLED_409');
    expect(expectSuccess(await post('/auth/login', { username: user.username, password: TEST_PASSWORD })).data, 'a password alone again').to.have.property(
      'accessToken',
    );

    // Records reach the log a flush after their request.
    const record = await operationFor(server, done.body.traceId as string);
    const detail = expectSuccess(
      await server
        .http()
        .get(`/api/v1/audit/operations/${record.id as string}`)
        .set('Authorization', admin.bearer),
    ).data as {
      path: string;
      changes: unknown[];
    };
    expect(detail.path).to.equal(`/api/v1/auth/users/${user.id}/mfa`);
    expect(detail.changes).to.deep.include({ resource: 'two-factor', id: user.id, action: 'delete', before: { method: 'totp' }, after: null });
  });

  it('answers 404 for a reset of a user that does not exist', async () => {
    const admin = await adminLogin(server);
    const res = await server.http().delete('/api/v1/auth/users/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/mfa').set('Authorization', admin.bearer);
    expectError(res, 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
  });
});
