import { expect } from 'chai';
import { tokenFor, type TestServer } from '../support/server';
import { PROBE, UsersClient, startUsersServer } from './helpers';

describe('users: passwords', () => {
  let server: TestServer;
  const api = new UsersClient(() => server);

  before(async () => {
    server = await startUsersServer();
  });
  after(() => server?.stop());

  describe('checking credentials (users.UserDirectory.verifyCredentials)', () => {
    it('answers the identity for the right password, whatever the spelling of the username', async () => {
      const password = api.password();
      const user = await api.addUser('walter', { password });
      for (const username of ['walter', ' Walter ', 'WALTER']) {
        const { identity } = await api.verify(username, password);
        expect(identity, username).to.deep.include({ id: user.id, username: 'walter' });
        expect(Object.keys(identity!)).not.to.include.members(['password', 'passwordHash']);
      }
    });

    it('answers null for a wrong password and for an unknown or impossible username', async () => {
      const password = api.password();
      await api.addUser('xavier', { password });
      expect((await api.verify('xavier', `${password}!`)).identity).to.equal(null);
      expect((await api.verify('nobody-at-all', password)).identity).to.equal(null);
      expect((await api.verify('no such user!', password)).identity).to.equal(null);
    });

    it('checks a 100-character password exactly: one that differs only in its last character fails', async () => {
      const password = `${'p'.repeat(99)}1`;
      api.passwords.push(password);
      await api.addUser('yolanda', { password });
      expect((await api.verify('yolanda', password)).identity).not.to.equal(null);
      expect((await api.verify('yolanda', `${'p'.repeat(99)}2`)).identity).to.equal(null);
      expect((await api.verify('yolanda', 'p'.repeat(99))).identity).to.equal(null);
      expect((await api.verify('yolanda', `${password} `)).identity).to.equal(null);
    });

    it('takes 128-character passwords whole, and keeps surrounding spaces', async () => {
      const password = `${'q'.repeat(127)}1`;
      api.passwords.push(password);
      await api.addUser('zoe', { password });
      expect((await api.verify('zoe', `${'q'.repeat(127)}2`)).identity).to.equal(null);
      expect((await api.verify('zoe', password)).identity).not.to.equal(null);

      const spaced = `  ${api.password()}  `;
      await api.addUser('zack', { password: spaced });
      expect((await api.verify('zack', spaced.trim())).identity).to.equal(null);
      expect((await api.verify('zack', spaced)).identity).not.to.equal(null);
    });

    it('answers a disabled user’s identity too: auth, not the directory, refuses it', async () => {
      const password = api.password();
      await api.addUser('dormant', { password, status: 'disabled' });
      expect((await api.verify('dormant', password)).identity).to.deep.include({ status: 'disabled' });
    });

    it('pays for a hash on an unknown username as on a wrong password', async () => {
      await api.addUser('timed', { password: api.password() });
      const fastest = async (username: string) => {
        const times: number[] = [];
        for (let i = 0; i < 5; i++) times.push((await api.verify(username, 'wrong-password-1')).elapsedMs);
        return Math.min(...times);
      };
      // Only lower bounds: a busy machine can make anything slower, never faster. An argon2id
      // hash (19 MiB, t=2) takes several milliseconds (filling 19 MiB twice cannot take less
      // than two); without the dummy hash an unknown name would answer after one indexed query,
      // well under a millisecond.
      expect(await fastest('timed')).to.be.greaterThan(2);
      expect(await fastest('never-existed')).to.be.greaterThan(2);
    });
  });

  describe('who a user is (users.UserDirectory.identity)', () => {
    const identity = async (userId: string) => {
      const res = await api.call('get', `/user-directory-probe/identity/${userId}`, PROBE);
      expect(res.status, res.text).to.equal(200);
      return res.body.data.identity;
    };

    it('answers the user with its roles and posts, without timestamps, version or secrets', async () => {
      const roleId = await api.addRole('identity-role', ['system:user:list']);
      const user = await api.addUser('identified', { nickname: 'Ida', email: 'ida@example.com', roleIds: [roleId] });
      expect(await identity(user.id)).to.deep.equal({
        id: user.id,
        username: 'identified',
        nickname: 'Ida',
        email: 'ida@example.com',
        phone: null,
        status: 'active',
        deptId: null,
        roleIds: [roleId],
        postIds: [],
      });
    });

    it('answers null for an id that names nobody, a UUID or not', async () => {
      expect(await identity('0190f5a4-7c2e-7000-8000-000000000000')).to.equal(null);
      expect(await identity('user-admin')).to.equal(null);
    });
  });

  describe('an administrator’s reset (PUT /users/{id}/password)', () => {
    it('sets the password: the old one stops working, the new one works, and the user’s sessions are told to end', async () => {
      const old = api.password();
      const user = await api.addUser('reset-me', { password: old });
      const fresh = api.password();
      const res = await api.resetPassword(user.id, fresh);
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data).to.deep.equal({});
      expect((await api.verify('reset-me', old)).identity).to.equal(null);
      expect((await api.verify('reset-me', fresh)).identity).to.deep.include({ id: user.id });
      expect(await api.lifecycleCalls(user.id)).to.deep.equal([{ userId: user.id, change: 'password', keepSessionId: null }]);
    });

    it('answers 400 naming /body/password for one outside 8 to 128 characters, and keeps the old one', async () => {
      const old = api.password();
      const user = await api.addUser('reset-weak', { password: old });
      for (const password of ['1234567', 'x'.repeat(129)]) {
        const res = await api.resetPassword(user.id, password);
        expect(res.status).to.equal(400);
        expect(res.body.details[0]).to.include({ field: '/body/password' });
      }
      expect((await api.verify('reset-weak', old)).identity).not.to.equal(null);
    });

    it('answers 400 for anything but the password in the body', async () => {
      const user = await api.addUser('reset-extra');
      const res = await api.call('put', `/users/${user.id}/password`, undefined, { password: api.password(), oldPassword: 'x' });
      expect(res.status).to.equal(400);
      expect(res.body.details[0]).to.include({ field: '/body/oldPassword', rule: 'additionalProperties' });
    });

    it('answers 404 for a user that does not exist, and 403 without system:user:resetPwd', async () => {
      expect((await api.resetPassword('0190f5a4-7c2e-7000-8000-000000000000', api.password())).status).to.equal(404);
      const user = await api.addUser('reset-guarded');
      const res = await api.resetPassword(user.id, api.password(), tokenFor('editor', ['system:user:edit']));
      expect(res.status).to.equal(403);
      expect(res.body.code).to.equal('PERM_DENIED_403');
    });
  });

  describe('a user’s own change (users.UserDirectory.changePassword)', () => {
    // A session id as auth makes them (auth, loaded too, ends the other sessions of the user).
    const SESSION = '0190f5a4-7c2e-7000-8000-000000005e55';
    const change = (userId: string, body: Record<string, unknown>) => api.call('put', `/user-directory-probe/password/${userId}`, PROBE, body);

    it('changes the password after checking the old one, sparing the caller’s session', async () => {
      const old = api.password();
      const user = await api.addUser('changer', { password: old });
      const fresh = api.password();
      const res = await change(user.id, { oldPassword: old, newPassword: fresh, keepSessionId: SESSION });
      expect(res.body.data, res.text).to.deep.equal({ changed: true });
      expect((await api.verify('changer', old)).identity).to.equal(null);
      expect((await api.verify('changer', fresh)).identity).not.to.equal(null);
      expect(await api.lifecycleCalls(user.id)).to.deep.equal([{ userId: user.id, change: 'password', keepSessionId: SESSION }]);
    });

    it('answers false for a wrong old password, changes nothing and tells nobody', async () => {
      const old = api.password();
      const user = await api.addUser('fumbler', { password: old });
      const res = await change(user.id, { oldPassword: `${old}x`, newPassword: api.password() });
      expect(res.body.data).to.deep.equal({ changed: false });
      expect((await api.verify('fumbler', old)).identity).not.to.equal(null);
      expect(await api.lifecycleCalls(user.id)).to.deep.equal([]);
    });

    it('answers 400 naming /body/newPassword for one outside 8 to 128 characters', async () => {
      const old = api.password();
      const user = await api.addUser('shortener', { password: old });
      const res = await change(user.id, { oldPassword: old, newPassword: 'short' });
      expect(res.status).to.equal(400);
      expect(res.body.details[0]).to.include({ field: '/body/newPassword', rule: 'length' });
      expect((await api.verify('shortener', old)).identity).not.to.equal(null);
    });
  });

  describe('well-known passwords, refused in every environment', () => {
    // On the list in another letter case, and long enough for the length rule to pass them.
    const WELL_KNOWN = ['Password123', 'ADMIN-LOCAL-ONLY', 'qwerty123'];
    before(() => api.passwords.push(...WELL_KNOWN));

    it('refuses one for a new user: 400 naming /body/password, rule wellKnown, and no user is created', async () => {
      for (const [i, password] of WELL_KNOWN.entries()) {
        const res = await api.create({ username: `known-${i}`, password });
        expect(res.status, res.text).to.equal(400);
        expect(res.body.code).to.equal('VALIDATION_FAILED_400');
        expect(res.body.details).to.deep.include({
          field: '/body/password',
          rule: 'wellKnown',
          message: 'is a well-known password that attackers try first: choose another',
        });
        expect((await api.verify(`known-${i}`, password)).identity).to.equal(null);
      }
    });

    it("refuses one in an administrator's reset, and keeps the old password", async () => {
      const old = api.password();
      const user = await api.addUser('reset-known', { password: old });
      for (const password of WELL_KNOWN) {
        const res = await api.resetPassword(user.id, password);
        expect(res.status, res.text).to.equal(400);
        expect(res.body.details[0]).to.include({ field: '/body/password', rule: 'wellKnown' });
      }
      expect((await api.verify('reset-known', old)).identity).not.to.equal(null);
      expect(await api.lifecycleCalls(user.id)).to.deep.equal([]);
    });
  });

  describe('every answer above', () => {
    it('carried neither a password nor a hash', () => {
      expect(api.leaks()).to.deep.equal([]);
    });
  });
});
