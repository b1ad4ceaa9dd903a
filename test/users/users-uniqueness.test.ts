import { expect } from 'chai';
import type { TestServer } from '../support/server';
import { PROBE, UsersClient, startUsersServer } from './helpers';

describe('users: normalised, unique usernames, emails and phones', () => {
  let server: TestServer;
  const api = new UsersClient(() => server);

  before(async () => {
    server = await startUsersServer();
  });
  after(() => server?.stop());

  const expectDuplicate = (res: { status: number; body: { code: string; details: unknown[] } }, field: string) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(409);
    expect(res.body.code).to.equal('SYSTEM_USER_DUPLICATED_409');
    expect(res.body.details).to.deep.equal([{ field, rule: 'unique', message: 'is already taken' }]);
  };

  describe('usernames', () => {
    it('answers 409 SYSTEM_USER_DUPLICATED_409 to Admin, " admin " and ADMIN: the seeded admin is that account', async () => {
      for (const username of ['Admin', ' admin ', 'ADMIN', 'ＡＤＭＩＮ']) {
        expectDuplicate(await api.create({ username, password: api.password() }), '/body/username');
      }
    });

    it('stores the normalised username and answers 409 to any other spelling of it', async () => {
      const user = await api.addUser('  Carol.Smith ');
      expect(user.username).to.equal('carol.smith');
      for (const username of ['carol.smith', 'CAROL.SMITH', '\tCarol.Smith']) {
        expectDuplicate(await api.create({ username, password: api.password() }), '/body/username');
      }
    });

    it('answers 400 naming /body/username for one that is not 3 to 64 of a-z 0-9 . _ -', async () => {
      for (const username of ['ab', 'has space', 'bad/char', 'x'.repeat(65), '   ']) {
        const res = await api.create({ username, password: api.password() });
        expect(res.status, username).to.equal(400);
        expect(res.body.code).to.equal('VALIDATION_FAILED_400');
        expect(res.body.details[0]).to.include({ field: '/body/username', rule: 'format' });
      }
    });

    it('lets exactly one of 10 racing creates of one username through', async () => {
      const spellings = ['Racer', 'racer', 'RACER', ' racer', 'racer ', 'RaCeR', 'rAcEr', ' Racer ', 'RACER ', 'ｒａｃｅｒ'];
      const results = await Promise.all(spellings.map((username) => api.create({ username, password: api.password() })));
      expect(results.filter((r) => r.status === 201)).to.have.length(1);
      for (const res of results.filter((r) => r.status !== 201)) expectDuplicate(res, '/body/username');
      expect((await api.list({ keyword: 'racer' })).body.data.total).to.equal(1);
    });
  });

  describe('emails', () => {
    it('stores the email trimmed and lower-cased, and answers 409 naming /body/email to another case of it', async () => {
      const user = await api.addUser('eve', { email: ' Eve@Example.COM ' });
      expect(user.email).to.equal('eve@example.com');
      expectDuplicate(await api.create({ username: 'eve2', password: api.password(), email: 'EVE@example.com' }), '/body/email');
    });

    it('answers 409 to an update that takes someone else’s email', async () => {
      await api.addUser('frank', { email: 'frank@example.com' });
      const grace = await api.addUser('grace', { email: 'grace@example.com' });
      expectDuplicate(await api.update(grace.id, { email: 'Frank@Example.com', version: 1 }), '/body/email');
    });

    it('lets any number of users have no email', async () => {
      await api.addUser('no-email-1', { email: null });
      await api.addUser('no-email-2', { email: '' });
      expect((await api.addUser('no-email-3')).email).to.equal(null);
    });

    it('answers 400 naming /body/email for what is not an email address', async () => {
      const res = await api.create({ username: 'bademail', password: api.password(), email: 'not-an-email' });
      expect(res.status).to.equal(400);
      expect(res.body.details[0]).to.include({ field: '/body/email', rule: 'format' });
    });

    it('lets exactly one of 10 racing creates with one email through', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api.create({ username: `mail-racer-${i}`, password: api.password(), email: i % 2 ? 'Race@Mail.example' : 'race@mail.example ' }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).to.have.length(1);
      for (const res of results.filter((r) => r.status !== 201)) expectDuplicate(res, '/body/email');
    });
  });

  describe('phones', () => {
    it('stores the phone without punctuation, and answers 409 naming /body/phone to another punctuation of it', async () => {
      const user = await api.addUser('heidi', { phone: '+1 (555) 010-0001' });
      expect(user.phone).to.equal('+15550100001');
      for (const phone of ['+15550100001', '+1.555.010.0001', '+1 555 010 0001']) {
        expectDuplicate(await api.create({ username: 'heidi2', password: api.password(), phone }), '/body/phone');
      }
    });

    it('lets any number of users have no phone', async () => {
      await api.addUser('no-phone-1', { phone: null });
      expect((await api.addUser('no-phone-2')).phone).to.equal(null);
    });

    it('answers 400 naming /body/phone for one that is not 6 to 20 digits', async () => {
      for (const phone of ['12345', 'call me', '+1-800-FLOWERS']) {
        const res = await api.create({ username: 'badphone', password: api.password(), phone });
        expect(res.status, phone).to.equal(400);
        expect(res.body.details[0]).to.include({ field: '/body/phone', rule: 'format' });
      }
    });
  });

  describe('the profile a user edits (users.UserDirectory.updateProfile)', () => {
    const profile = (userId: string, body: Record<string, unknown>) => api.call('put', `/user-directory-probe/profile/${userId}`, PROBE, body);

    it('normalises email and phone as an administrator’s edit does', async () => {
      const user = await api.addUser('ivan');
      const res = await profile(user.id, { nickname: '  Ivan  ', email: ' Ivan@Example.com', phone: '(020) 7946-0000' });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data.identity).to.deep.include({ nickname: 'Ivan', email: 'ivan@example.com', phone: '02079460000' });
      expect((await api.read(user.id)).body.data).to.deep.include({ nickname: 'Ivan', email: 'ivan@example.com', phone: '02079460000', version: 2 });
    });

    it('answers 409 SYSTEM_USER_DUPLICATED_409 for an email or phone someone else has', async () => {
      await api.addUser('judy', { email: 'judy@example.com', phone: '+4915112345678' });
      const user = await api.addUser('mallory');
      expectDuplicate(await profile(user.id, { email: 'JUDY@example.com' }), '/body/email');
      expectDuplicate(await profile(user.id, { phone: '+49 151 1234 5678' }), '/body/phone');
    });

    it('answers 400 naming the field for a malformed email', async () => {
      const user = await api.addUser('oscar');
      const res = await profile(user.id, { email: 'oscar-at-example' });
      expect(res.status).to.equal(400);
      expect(res.body.details[0]).to.include({ field: '/body/email', rule: 'format' });
    });
  });

  describe('every answer above', () => {
    it('carried neither a password nor a hash', () => {
      expect(api.leaks()).to.deep.equal([]);
    });
  });
});
