/**
 * Two servers on one fresh PostgreSQL database, sharing Redis: what several instances behind a
 * load balancer share. The embedded database belongs to one process, so this needs DATABASE_URL
 * and REDIS_URL (CI's second pass sets both); without them `startInstances` answers null and the
 * caller skips. `link: 'database'` starts them without Redis: their event bus is the database's
 * LISTEN/NOTIFY, and only DATABASE_URL is needed.
 */
import { createTestDatabase } from './database';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

export interface Instances {
  first: TestServer;
  second: TestServer;
  /** Stops both and drops their database. */
  stop(): Promise<void>;
}

/** How the instances hear each other: Redis pub/sub, or the database's LISTEN/NOTIFY. */
export type InstanceLink = 'redis' | 'database';

export async function startInstances(options: Omit<TestServerOptions, 'database'> & { link?: InstanceLink } = {}): Promise<Instances | null> {
  const { link = 'redis', ...serverOptions } = options;
  const redisUrl = process.env.REDIS_URL;
  if (!process.env.DATABASE_URL || (link === 'redis' && !redisUrl)) return null;
  const database = await createTestDatabase();
  const env = { NODE_ENV: 'test', ...serverOptions.env, ...(link === 'redis' ? { REDIS_URL: redisUrl } : {}) };
  const shared: TestServerOptions = { ...serverOptions, database, env };
  const first = await startTestServer(shared);
  const second = await startTestServer(shared);
  return {
    first,
    second,
    async stop() {
      await first.stop();
      await second.stop();
      await database.cleanup();
    },
  };
}
