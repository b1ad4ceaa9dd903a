import { expect } from 'chai';
import { openEventStream, type EventStream } from '../support/event-stream';
import { ADMIN_PASSWORD, createUser, login, TEST_PASSWORD } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { ALICE, BOB, readTask, submitted } from '../tasks/helpers';

interface TaskEventData {
  id: string;
  state: string;
}

/** Polls until `check` holds, at most `ms`. */
async function eventually(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * GET /me/events on one server, over HTTP: the caller's task changes, a revoked session ending
 * its stream, modules coming and going for everyone, heartbeats, Last-Event-ID resume, and a
 * server that stops with streams open. Across instances: events-instances.test.ts.
 */
describe('me: GET /me/events', function () {
  this.timeout(60_000);
  let server: TestServer;
  const open: EventStream[] = [];
  const stream = async (authorization: string | undefined, options?: Parameters<typeof openEventStream>[2]) => {
    const opened = await openEventStream(server.url, authorization, options);
    open.push(opened);
    return opened;
  };
  const taskEvent = (id: string, state: string) => (event: { event?: string; data: string }) =>
    event.event === 'task.updated' && (JSON.parse(event.data) as TaskEventData).id === id && (JSON.parse(event.data) as TaskEventData).state === state;

  before(async () => {
    server = await startTestServer({ env: { NODE_ENV: 'test', EVENTS_HEARTBEAT_MS: '200' } });
  });
  afterEach(() => {
    for (const opened of open.splice(0)) opened.close();
  });
  after(() => server?.stop());

  it('answers 401 without an access token, as any route', async () => {
    const refused = await stream(undefined);
    expect(refused.status).to.equal(401);
    expect((refused.body as { code: string }).code).to.equal('AUTH_TOKEN_MISSING_401');
  });

  it('streams text/event-stream, uncompressed to a client that accepts gzip, with a heartbeat while idle', async () => {
    const events = await stream(ALICE, { acceptEncoding: 'gzip' });
    expect(events.status).to.equal(200);
    expect(events.headers['content-type']).to.equal('text/event-stream; charset=utf-8');
    expect(events.headers['content-encoding']).to.equal(undefined);
    expect(events.headers['cache-control']).to.include('no-transform');
    await eventually(() => events.comments.filter((comment) => comment === 'heartbeat').length >= 2, 5000);
    expect(events.comments[0]).to.equal('connected');
    const gauge = async () => Number(/^atrium_event_streams (\d+)$/m.exec((await server.http().get('/metrics')).text)?.[1]);
    expect(await gauge()).to.equal(1);
    events.close();
    let open = 1;
    while (open !== 0) open = await gauge();
  });

  it("sends the caller each change of their task up to succeeded, and another user's stream none of it", async () => {
    const alice = await stream(ALICE);
    const bob = await stream(BOB);
    const task = await submitted(server, { type: 'system.echo', payload: { hello: 'events' } });
    const done = await alice.next(taskEvent(task.id, 'succeeded'));
    expect(JSON.parse(done.data)).to.include({ id: task.id, type: 'system.echo', state: 'succeeded' });
    expect(JSON.parse(done.data).result).to.deep.equal({ hello: 'events' });
    expect(alice.events.some(taskEvent(task.id, 'running'))).to.equal(true);
    expect(done.id).to.be.a('string');
    expect(bob.events).to.deep.equal([]);
  });

  it('ends the stream of a session an administrator forces out, after session.revoked, and not the same user’s other session’s', async () => {
    const user = await createUser(server, { permissions: ['me:session:list'] });
    const forced = await login(server, user.username, TEST_PASSWORD);
    const other = await login(server, user.username, TEST_PASSWORD);
    const [forcedStream, otherStream] = [await stream(forced.bearer), await stream(other.bearer)];
    const mine = (await server.http().get('/api/v1/me/sessions').set('Authorization', forced.bearer)).body.data.items as { id: string; current: boolean }[];
    const res = await server
      .http()
      .delete(`/api/v1/system/sessions/${mine.find((session) => session.current)!.id}`)
      .set('Authorization', ADMIN);
    expect(res.status).to.equal(200);
    const revoked = await forcedStream.next((event) => event.event === 'session.revoked');
    expect(JSON.parse(revoked.data)).to.deep.equal({ reason: 'forced' });
    await forcedStream.ended();
    // The other session lives on: its stream still beats, and heard nothing.
    const beats = otherStream.comments.length;
    await eventually(() => otherStream.comments.length > beats, 3000);
    expect(otherStream.events).to.deep.equal([]);
  });

  it('ends the stream when its session logs out', async () => {
    const admin = await login(server, 'admin', ADMIN_PASSWORD);
    const events = await stream(admin.bearer);
    const res = await server.http().post('/api/v1/auth/logout').set('Authorization', admin.bearer).send({ refreshToken: admin.refreshToken });
    expect(res.status).to.equal(200);
    const revoked = await events.next((event) => event.event === 'session.revoked');
    expect(JSON.parse(revoked.data)).to.deep.equal({ reason: 'logout' });
    await events.ended();
  });

  it('tells every stream, whoever its caller, when a module is disabled and enabled again', async () => {
    const [alice, bob] = [await stream(ALICE), await stream(BOB)];
    for (const action of ['disable', 'enable']) {
      const res = await server.http().post(`/api/v1/system/modules/generator/${action}`).set('Authorization', ADMIN);
      expect(res.status).to.equal(200);
    }
    for (const events of [alice, bob]) {
      await events.next((event) => event.event === 'module.changed' && JSON.parse(event.data).status === 'enabled');
      expect(events.events.map(({ event, data }) => ({ event, data: JSON.parse(data) as unknown }))).to.deep.equal([
        { event: 'module.changed', data: { id: 'generator', status: 'disabled' } },
        { event: 'module.changed', data: { id: 'generator', status: 'enabled' } },
      ]);
    }
  });

  it('sends a client reconnecting with Last-Event-ID what it missed, and nothing it had', async () => {
    const first = await stream(ALICE);
    const seen = await submitted(server, { type: 'system.echo', payload: { n: 1 } });
    const last = await first.next(taskEvent(seen.id, 'succeeded'));
    first.close();
    const missed = await submitted(server, { type: 'system.echo', payload: { n: 2 } });
    // Finished before the client is back: only a replay can bring its events.
    let state = '';
    while (state !== 'succeeded') state = (await readTask(server, missed.id)).state;
    const again = await stream(ALICE, { lastEventId: last.id });
    await again.next(taskEvent(missed.id, 'succeeded'));
    expect(again.events.map((event) => JSON.parse(event.data) as TaskEventData).map(({ id, state }) => ({ id, state }))).to.deep.equal([
      { id: missed.id, state: 'running' },
      { id: missed.id, state: 'succeeded' },
    ]);
  });
});

describe('me: event streams when the server stops', function () {
  this.timeout(30_000);

  it('ends open streams at once, so a stop does not wait out the shutdown timeout', async () => {
    const server = await startTestServer({ env: { NODE_ENV: 'test', SHUTDOWN_TIMEOUT_MS: '60000' } });
    const events = await openEventStream(server.url, ALICE);
    expect(events.status).to.equal(200);
    await server.stop();
    await events.ended(1000);
  });
});
