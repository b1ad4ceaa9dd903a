import { expect } from 'chai';
import { openEventStream, type EventStream } from '../support/event-stream';
import { createUser, login, TEST_PASSWORD } from '../support/identity';
import { startInstances, type InstanceLink, type Instances } from '../support/instances';
import { ADMIN } from '../support/server';
import { ALICE } from '../tasks/helpers';

/**
 * GET /me/events across two instances sharing Redis, or without it the database's LISTEN/NOTIFY:
 * an event pushed on one reaches the streams open on the other, a session forced out on one ends
 * its stream on the other, and a client that reconnects to the other instance resumes from the
 * last id the first one sent it. PostgreSQL only (the embedded database belongs to one process).
 */
for (const link of ['redis', 'database'] satisfies InstanceLink[])
  describe(`me: event streams across two instances, linked by ${link}`, function () {
    this.timeout(60_000);
    let instances: Instances;
    const open: EventStream[] = [];

    before(async function () {
      const started = await startInstances({ link });
      if (!started) return this.skip();
      instances = started;
    });
    afterEach(() => {
      for (const stream of open.splice(0)) stream.close();
    });
    after(() => instances?.stop());

    const stream = async (url: string, authorization: string, lastEventId?: string) => {
      const opened = await openEventStream(url, authorization, { lastEventId });
      expect(opened.status).to.equal(200);
      open.push(opened);
      return opened;
    };
    const setModule = (url: string, action: 'enable' | 'disable') =>
      fetch(`${url}/api/v1/system/modules/generator/${action}`, { method: 'POST', headers: { Authorization: ADMIN } });

    it('brings a module change made on one instance to the streams open on the other', async () => {
      const onSecond = await stream(instances.second.url, ALICE);
      expect((await setModule(instances.first.url, 'disable')).status).to.equal(200);
      const changed = await onSecond.next((event) => event.event === 'module.changed');
      expect(JSON.parse(changed.data)).to.deep.equal({ id: 'generator', status: 'disabled' });
      expect((await setModule(instances.first.url, 'enable')).status).to.equal(200);
    });

    it('ends, on the other instance, the stream of a session forced out on one', async () => {
      const user = await createUser(instances.first, { permissions: ['me:session:list'] });
      const tokens = await login(instances.first, user.username, TEST_PASSWORD);
      const onSecond = await stream(instances.second.url, tokens.bearer);
      const mine = (await instances.first.http().get('/api/v1/me/sessions').set('Authorization', tokens.bearer)).body.data.items as { id: string }[];
      const res = await instances.first.http().delete(`/api/v1/system/sessions/${mine[0].id}`).set('Authorization', ADMIN);
      expect(res.status).to.equal(200);
      await onSecond.next((event) => event.event === 'session.revoked');
      await onSecond.ended();
    });

    it('resumes on the other instance from the last id the first one sent', async () => {
      const onFirst = await stream(instances.first.url, ALICE);
      const watcher = await stream(instances.second.url, ALICE);
      expect((await setModule(instances.first.url, 'disable')).status).to.equal(200);
      const seen = await onFirst.next((event) => event.event === 'module.changed');
      onFirst.close();
      expect((await setModule(instances.first.url, 'enable')).status).to.equal(200);
      // Once the second instance has it too: a replay is of what that instance holds.
      await watcher.next((event) => event.event === 'module.changed' && JSON.parse(event.data).status === 'enabled');
      const resumed = await stream(instances.second.url, ALICE, seen.id);
      const missed = await resumed.next((event) => event.event === 'module.changed');
      expect(JSON.parse(missed.data)).to.deep.equal({ id: 'generator', status: 'enabled' });
      expect(resumed.events).to.have.length(1);
    });
  });
