import { expect } from 'chai';
import type { Readable } from 'node:stream';
import { DEFAULT_TENANT_ID } from '../../kernel/db/tenancy/tenancy-names';
import { createLogger } from '../../kernel/logging/logger';
import { ClientEventHub } from '../../kernel/runtime/client-events';
import { EventBus } from '../../kernel/runtime/event-bus';

const TENANT_A = '0190f5a4-7c2e-7000-8000-00000000000a';
const TENANT_B = '0190f5a4-7c2e-7000-8000-00000000000b';

/** What a stream has written so far, as text. */
function written(stream: Readable): () => string {
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return () => text;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The kernel's event stream hub on one instance's bus: who each audience reaches (a tenant's
 * users never another tenant's, a session only itself), what a resume replays, and a client
 * that reads nothing being dropped rather than buffered without end.
 */
describe('kernel: client event streams', () => {
  let hub: ClientEventHub;

  beforeEach(() => {
    hub = new ClientEventHub(new EventBus(createLogger('silent')), createLogger('silent'), { heartbeatMs: 60_000, replayLimit: 3 });
    hub.start();
  });
  afterEach(() => hub.stop());

  it("sends a tenant's event to its users only, the default tenant's to callers without one", async () => {
    const inA = written(hub.open({ userId: 'u1', tenantId: TENANT_A }));
    const inB = written(hub.open({ userId: 'u1', tenantId: TENANT_B }));
    const inDefault = written(hub.open({ userId: 'u1' }));
    await hub.push('notice.published', { n: 1 }, { tenantId: TENANT_A });
    await hub.push('notice.published', { n: 2 }, { tenantId: DEFAULT_TENANT_ID, userIds: ['u1'] });
    await settle();
    expect(inA()).to.include('data: {"n":1}').and.not.include('"n":2');
    expect(inB()).to.not.include('event: notice.published');
    expect(inDefault()).to.include('data: {"n":2}').and.not.include('"n":1');
  });

  it('sends a group’s event to the tenant’s members of that group only', async () => {
    const member = written(hub.open({ userId: 'u1', tenantId: TENANT_A, groups: ['role:r1', 'dept:d1'] }));
    const outsider = written(hub.open({ userId: 'u2', tenantId: TENANT_A, groups: ['role:r2'] }));
    const elsewhere = written(hub.open({ userId: 'u3', tenantId: TENANT_B, groups: ['role:r1'] }));
    await hub.push('notice.published', { n: 1 }, { tenantId: TENANT_A, groups: ['role:r1', 'dept:d9'] });
    await settle();
    expect(member()).to.include('data: {"n":1}');
    expect(outsider()).to.not.include('event:');
    expect(elsewhere()).to.not.include('event:');
  });

  it('sends a session’s event to that session alone, and ends its stream when the event says so', async () => {
    const target = hub.open({ userId: 'u1', tenantId: TENANT_A, sessionId: 's1' });
    const text = written(target);
    const sibling = written(hub.open({ userId: 'u1', tenantId: TENANT_A, sessionId: 's2' }));
    await hub.push('session.revoked', { reason: 'forced' }, { sessionIds: ['s1'] }, { ends: true });
    await settle();
    expect(text()).to.include('event: session.revoked');
    expect(target.readableEnded || target.destroyed).to.equal(true);
    expect(sibling()).to.not.include('session.revoked');
    expect(hub.openStreams).to.equal(1);
  });

  it('replays what followed Last-Event-ID within the kept window, and nothing for an id it no longer holds', async () => {
    const ids: string[] = [];
    const watcher = hub.open({ userId: 'u1' });
    watcher.on('data', (chunk: Buffer) => ids.push(...[...chunk.toString('utf8').matchAll(/^id: (.+)$/gm)].map((match) => match[1])));
    for (const n of [1, 2, 3, 4]) await hub.push('task.updated', { n }, { tenantId: DEFAULT_TENANT_ID, userIds: ['u1'] });
    await settle();
    const resumed = written(hub.open({ userId: 'u1' }, ids[1]));
    const tooOld = written(hub.open({ userId: 'u1' }, ids[0]));
    await settle();
    expect([...resumed().matchAll(/"n":(\d)/g)].map((match) => Number(match[1]))).to.deep.equal([3, 4]);
    expect(tooOld()).to.not.include('event:');
  });

  it('gives each stream one heartbeat an interval, at offsets spread over it rather than all at once', async () => {
    const spread = new ClientEventHub(new EventBus(createLogger('silent')), createLogger('silent'), { heartbeatMs: 400 });
    spread.start();
    try {
      const opened = performance.now();
      const firstBeats: number[] = [];
      const counts = Array.from({ length: 20 }, () => 0);
      counts.forEach((_, index) => {
        spread.open({ userId: `u${index}` }).on('data', (chunk: Buffer) => {
          if (!chunk.toString('utf8').includes(': heartbeat')) return;
          if (counts[index]++ === 0) firstBeats.push(performance.now() - opened);
        });
      });
      await new Promise((resolve) => setTimeout(resolve, 900));
      expect(Math.min(...counts)).to.be.at.least(1);
      expect(Math.max(...counts)).to.be.at.most(3);
      expect(Math.max(...firstBeats) - Math.min(...firstBeats)).to.be.at.least(200);
    } finally {
      spread.stop();
    }
  });

  it('drops a stream whose client reads nothing once a megabyte waits for it', async () => {
    const stalled = hub.open({ userId: 'u1' });
    const large = 'x'.repeat(64 * 1024);
    for (let n = 0; n < 20 && !stalled.destroyed; n++) await hub.push('task.updated', { large }, { tenantId: DEFAULT_TENANT_ID, userIds: ['u1'] });
    expect(stalled.destroyed).to.equal(true);
    await settle();
    expect(hub.openStreams).to.equal(0);
  });
});
