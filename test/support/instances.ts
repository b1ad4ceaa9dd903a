/**
 * Two servers on one fresh PostgreSQL database, sharing Redis: what several instances behind a
 * load balancer share. The embedded database belongs to one process, so this needs DATABASE_URL
 * and REDIS_URL (CI's second pass sets both); without them `startInstances` answers null and the
 * caller skips.
 */
import { createTestDatabase } from './database';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

export interface Instances {
  first: TestServer;
  second: TestServer;
  /** Stops both and drops their database. */
  stop(): Promise<void>;
}

export async function startInstances(options: Omit<TestServerOptions, 'database'> = {}): Promise<Instances | null> {
  const redisUrl = process.env.REDIS_URL;
  if (!process.env.DATABASE_URL || !redisUrl) return null;
  const database = await createTestDatabase();
  const shared: TestServerOptions = { ...options, database, env: { NODE_ENV: 'test', ...options.env, REDIS_URL: redisUrl } };
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
