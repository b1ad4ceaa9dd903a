import { expect } from 'chai';
import { DEFAULT_TENANT_ID } from '../../kernel/api';
import { ADMIN_PASSWORD, TEST_PASSWORD, createUser } from '../support/identity';
import { ADMIN, startTestServer, tokenFor, type TestServer } from '../support/server';
import { eventually, sql } from './helpers';

/** The test client connects from loopback; this server believes its X-Forwarded-For. */
const TRUSTED_LOOPBACK = { trustedProxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] };

interface LoginRow {
  username: string;
  user_id: string | null;
  ip: string;
  user_agent: string;
  success: boolean;
  reason: string;
}

/** The login log: auth tells `auth.login-observer` of every attempt, audit keeps it. */
describe('the login log', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ config: TRUSTED_LOOPBACK });
  });
  after(() => server.stop());

  /** Each test logs in from an address of its own: failures are also counted per address. */
  const attempt = (username: string, password: string, from: string) =>
    server.http().post('/api/v1/auth/login').set('X-Forwarded-For', from).set('User-Agent', `browser-from-${from}`).send({ username, password });

  const loginsFrom = (ip: string, count: number) =>
    eventually(`${count} login records from ${ip}`, async () => {
      const rows = await sql<LoginRow>(server, 'select * from audit_login where ip = ? order by at, id', [ip]);
      return rows.length >= count ? rows : undefined;
    });

  it('records a successful login with the account, address and user agent', async () => {
    expect((await attempt('admin', ADMIN_PASSWORD, '192.0.2.10')).status).to.equal(200);
    const [row] = await loginsFrom('192.0.2.10', 1);
    const [admin] = await sql<{ id: string }>(server, "select id from users_user where username = 'admin'");
    expect(row).to.include({ username: 'admin', user_id: admin.id, ip: '192.0.2.10', user_agent: 'browser-from-192.0.2.10', success: true, reason: 'ok' });
  });

  it('records a wrong password and an unknown user as invalid_credentials, without an account', async () => {
    expect((await attempt('admin', 'not-the-password', '192.0.2.11')).status).to.equal(401);
    expect((await attempt('no-such-user', 'whatever-it-is', '192.0.2.11')).status).to.equal(401);
    const rows = await loginsFrom('192.0.2.11', 2);
    expect(rows.map((r) => [r.username, r.user_id, r.success, r.reason])).to.deep.equal([
      ['admin', null, false, 'invalid_credentials'],
      ['no-such-user', null, false, 'invalid_credentials'],
    ]);
  });

  it('records the right password of a disabled account as disabled, with the account', async () => {
    const user = await createUser(server);
    const disabled = await server.http().put(`/api/v1/users/${user.id}`).set('Authorization', ADMIN).send({ status: 'disabled', version: user.version });
    expect(disabled.status).to.equal(200);
    expect((await attempt(user.username, TEST_PASSWORD, '192.0.2.12')).status).to.equal(401);
    const [row] = await loginsFrom('192.0.2.12', 1);
    expect(row).to.include({ username: user.username, user_id: user.id, success: false, reason: 'disabled' });
  });

  it('records attempts refused by the failed-login limit as too_many_attempts', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 5; i += 1) expect((await attempt(user.username, 'wrong-password', '192.0.2.13')).status).to.equal(401);
    expect((await attempt(user.username, TEST_PASSWORD, '192.0.2.13')).status).to.equal(429);
    const rows = await loginsFrom('192.0.2.13', 6);
    expect(rows.map((r) => r.reason)).to.deep.equal([...Array(5).fill('invalid_credentials'), 'too_many_attempts']);
    expect(rows[5]).to.include({ success: false, user_id: null });
  });

  it('records the username as sent, never the password', async () => {
    expect((await attempt('  Someone.Else ', 'a-password-to-forget', '192.0.2.14')).status).to.equal(401);
    const [row] = await loginsFrom('192.0.2.14', 1);
    expect(row.username).to.equal('  Someone.Else ');
    const dump = await sql<{ text: string }>(server, 'select row_to_json(l)::text as text from audit_login l');
    expect(dump.map((d) => d.text).join('\n')).not.to.include('a-password-to-forget');
  });

  describe('GET /audit/logins', () => {
    const list = (query: string, token = ADMIN) => server.http().get(`/api/v1/audit/logins${query}`).set('Authorization', token);

    it('answers 403 PERM_DENIED_403 without audit:login:list', async () => {
      const res = await list('', tokenFor('reader', ['audit:operation:list']));
      expect(res.status).to.equal(403);
      expect(res.body.code).to.equal('PERM_DENIED_403');
    });

    it('lists attempts newest first with their fields, filtered by username, success, address and time', async () => {
      expect((await attempt('admin', 'wrong-again', '192.0.2.15')).status).to.equal(401);
      expect((await attempt('admin', ADMIN_PASSWORD, '192.0.2.15')).status).to.equal(200);
      await loginsFrom('192.0.2.15', 2);
      const res = await list('?ip=192.0.2.15');
      expect(res.status).to.equal(200);
      expect(res.body.data.total).to.equal(2);
      const [newest, oldest] = res.body.data.items;
      expect(newest).to.include({ username: 'admin', success: true, reason: 'ok', ip: '192.0.2.15', userAgent: 'browser-from-192.0.2.15' });
      expect(oldest).to.include({ success: false, reason: 'invalid_credentials', userId: null });
      expect(Object.keys(newest).sort()).to.deep.equal(['at', 'id', 'ip', 'reason', 'success', 'tenantId', 'userAgent', 'userId', 'username']);
      expect(newest.tenantId, 'the tenant the login named: the default one').to.equal(DEFAULT_TENANT_ID);

      expect((await list('?ip=192.0.2.15&success=false')).body.data.items.map((i: { reason: string }) => i.reason)).to.deep.equal(['invalid_credentials']);
      expect((await list('?ip=192.0.2.15&username=ADMIN')).body.data.total).to.equal(2);
      expect((await list('?ip=192.0.2.15&username=someone')).body.data.total).to.equal(0);
      expect((await list(`?ip=192.0.2.15&from=${newest.at}`)).body.data.total).to.equal(1);
      expect((await list(`?ip=192.0.2.15&to=${newest.at}`)).body.data.total).to.equal(1);
    });

    it('sorts on the whitelist and answers 400 for any other field', async () => {
      expect((await list('?sort=username,asc&sort=at,desc')).status).to.equal(200);
      const refused = await list('?sort=reason,asc');
      expect(refused.status).to.equal(400);
      expect(refused.body.details[0].field).to.equal('/query/sort');
    });
  });
});
