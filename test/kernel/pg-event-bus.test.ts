import { expect } from 'chai';
import { createLogger } from '../../kernel/logging/logger';
import { EventBus } from '../../kernel/runtime/event-bus';
import { PgBusTransport } from '../../kernel/runtime/pg-bus-transport';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';

const log = createLogger('silent');

async function eventually(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not so within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The event bus between instances that share a PostgreSQL database and no Redis: LISTEN/NOTIFY
 * on a connection of the bus's own, messages beyond NOTIFY's 8,000 bytes in parts, and a listener
 * cut (through a TCP proxy the test cuts) counted lost, reconnected and counted restored, with
 * what was published meanwhile sent once it is back. PostgreSQL only.
 */
describe('kernel: the event bus over PostgreSQL LISTEN/NOTIFY', function () {
  this.timeout(30_000);
  let database: TestDatabase;
  const buses: EventBus[] = [];
  const proxies: TcpProxy[] = [];

  before(async function () {
    if (!process.env.DATABASE_URL) return this.skip();
    database = await createTestDatabase({ empty: true });
  });
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.stop();
    for (const proxy of proxies.splice(0)) await proxy.close();
  });
  after(() => database?.cleanup());

  const busOn = async (url = database.databaseUrl!) => {
    const bus = new EventBus(log, new PgBusTransport(url, log));
    buses.push(bus);
    await bus.start();
    return bus;
  };
  const heard = (bus: EventBus, name: string) => {
    const payloads: unknown[] = [];
    bus.subscribe(name, (payload) => void payloads.push(payload));
    return payloads;
  };
  const throughProxy = async () => {
    const url = new URL(database.databaseUrl!);
    const proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
    proxies.push(proxy);
    url.host = proxy.address;
    return { proxy, url: url.toString() };
  };

  it('brings an event published on one instance to the other, and to the publisher once', async () => {
    const [first, second] = [await busOn(), await busOn()];
    const [onFirst, onSecond] = [heard(first, 'test.ping'), heard(second, 'test.ping')];
    await first.publish('test.ping', { n: 1 });
    await eventually(() => onSecond.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onSecond).to.deep.equal([{ n: 1 }]);
    expect(onFirst).to.deep.equal([{ n: 1 }]);
  });

  it('resolves a publish only once the link has taken the message: a change answered has left for the other instances', async () => {
    const transport = new PgBusTransport(database.databaseUrl!, log);
    const send = transport.send.bind(transport);
    let taken = 0;
    transport.send = async (message) => {
      const result = await send(message);
      taken += 1;
      return result;
    };
    const bus = new EventBus(log, transport);
    buses.push(bus);
    await bus.start();
    await bus.publish('test.ping', { n: 1 });
    expect(taken).to.equal(1);
  });

  it('carries an event far beyond 8,000 bytes whole, and many events in the order sent', async () => {
    const [first, second] = [await busOn(), await busOn()];
    const onSecond = heard(second, 'test.large');
    const large = { text: '通知'.repeat(10_000) + '😀'.repeat(3_000) + 'x'.repeat(20_000) };
    await first.publish('test.large', large);
    for (let n = 0; n < 30; n++) await first.publish('test.large', { n });
    await eventually(() => onSecond.length === 31);
    expect(onSecond[0]).to.deep.equal(large);
    expect(onSecond.slice(1)).to.deep.equal(Array.from({ length: 30 }, (_, n) => ({ n })));
  });

  it('counts a cut listener lost, reconnects it, resyncs, and hears the other instance again', async () => {
    const { proxy, url } = await throughProxy();
    const first = await busOn();
    const second = await busOn(url);
    const onSecond = heard(second, 'test.ping');
    let restored = 0;
    second.link!.onRestored(() => void restored++);
    expect(second.link!.available).to.equal(true);

    proxy.cut();
    await eventually(() => !second.link!.available);
    proxy.restore();
    await eventually(() => second.link!.available && restored === 1);
    await first.publish('test.ping', { after: 'reconnect' });
    await eventually(() => onSecond.length === 1);
    expect(onSecond).to.deep.equal([{ after: 'reconnect' }]);
  });

  it('keeps what an instance publishes while its database link is down, and sends it when it is back', async () => {
    const { proxy, url } = await throughProxy();
    const cutOff = await busOn(url);
    const other = await busOn();
    const onOther = heard(other, 'test.ping');
    proxy.cut();
    await eventually(() => !cutOff.link!.available);
    await cutOff.publish('test.ping', { n: 1 });
    await cutOff.publish('test.ping', { n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(onOther).to.deep.equal([]);
    proxy.restore();
    await eventually(() => onOther.length === 2, 10_000);
    expect(onOther).to.deep.equal([{ n: 1 }, { n: 2 }]);
  });

  it('is not heard by instances on another database', async () => {
    const elsewhere = await createTestDatabase({ empty: true });
    try {
      const here = await busOn();
      const there = await busOn(elsewhere.databaseUrl!);
      const onThere = heard(there, 'test.ping');
      const onHereToo = heard(await busOn(), 'test.ping');
      await here.publish('test.ping', { n: 1 });
      await eventually(() => onHereToo.length === 1);
      expect(onThere).to.deep.equal([]);
    } finally {
      for (const bus of buses.splice(0)) await bus.stop();
      await elsewhere.cleanup();
    }
  });
});
