import net from 'node:net';
import os from 'node:os';
import { expect } from 'chai';
import { boot } from '../../kernel/boot';
import type { Kernel } from '../../kernel/kernel';
import { createLogger } from '../../kernel/logging/logger';
import { createTestDatabase, type TestDatabase } from '../support/database';

/** This machine's first IPv4 address that is not loopback, if it has one. */
function outsideAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i !== undefined && i.family === 'IPv4' && !i.internal)?.address;
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    // A firewall may drop the packets instead of refusing: no answer is no connection either.
    socket.setTimeout(5000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe('config: the address a server listens on', () => {
  let database: TestDatabase;
  let kernel: Kernel | undefined;
  before(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await kernel?.stop();
    kernel = undefined;
  });
  after(() => database.cleanup());

  /** A server whose HOST comes from `env` alone (the test servers pin 127.0.0.1 themselves). */
  const start = async (env: NodeJS.ProcessEnv) => {
    kernel = await boot({
      env: { NODE_ENV: 'test', ...env },
      logger: createLogger('silent'),
      config: { port: 0, databaseUrl: database.databaseUrl, dataDir: database.dataDir },
    });
    return Number(new URL(kernel.url).port);
  };

  it("is 127.0.0.1 without HOST: reachable on loopback, not on the machine's other addresses", async function () {
    const outside = outsideAddress();
    if (!outside) this.skip();
    const port = await start({});
    expect(await accepts('127.0.0.1', port)).to.equal(true);
    expect(await accepts(outside!, port)).to.equal(false);
  });

  it('is every address with HOST=0.0.0.0', async function () {
    const outside = outsideAddress();
    if (!outside) this.skip();
    const port = await start({ HOST: '0.0.0.0' });
    expect(await accepts(outside!, port)).to.equal(true);
  });
});
