import type { Redis, RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import { ConfigError } from '../config';
import { REDIS_CALL_TIMEOUT_MS, RedisHealth } from './redis-health';

/** How long one connection attempt may take. */
const CONNECT_TIMEOUT_MS = 1000;
/** How long a start waits for Redis to answer before it refuses, naming REDIS_URL. */
const REDIS_START_TIMEOUT_MS = 5000;

/**
 * Connections to Redis when `REDIS_URL` is set, and the health of Redis that every user of them
 * goes through. Pub/sub needs a connection of its own: a subscribed ioredis client can issue no
 * other command.
 */
export interface RedisConnections {
  command: Redis;
  subscriber: Redis;
  health: RedisHealth;
  close(): Promise<void>;
}

const OPTIONS: RedisOptions = {
  lazyConnect: true,
  connectTimeout: CONNECT_TIMEOUT_MS,
  commandTimeout: REDIS_CALL_TIMEOUT_MS,
  // Nothing waits for a reconnection: while disconnected a call fails at once and its caller
  // goes on without Redis (the default queues it, and every request waited seconds).
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  // Keep reconnecting, at least once a second, so a Redis that comes back is used again quickly.
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 1000),
};

/**
 * Connects both connections, or refuses the start naming REDIS_URL when Redis does not answer
 * within REDIS_START_TIMEOUT_MS: an instance that starts without the Redis it was given would
 * silently run with per-process limits and no notices between instances.
 */
export async function connectRedis(url: string, log: Logger): Promise<RedisConnections> {
  // Loaded here, not with the kernel: a server without REDIS_URL never needs it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  const { Redis } = require('ioredis') as typeof import('ioredis');
  const command = new Redis(url, OPTIONS);
  const subscriber = new Redis(url, OPTIONS);
  reportErrors(command, 'command', log);
  reportErrors(subscriber, 'subscriber', log);
  try {
    await Promise.all([untilReady(command), untilReady(subscriber)]);
  } catch (error) {
    command.disconnect();
    subscriber.disconnect();
    throw new ConfigError(`REDIS_URL: no Redis answers at ${describe(url)} (${(error as Error).message}); start Redis or correct REDIS_URL`);
  }
  const health = new RedisHealth(log, () => command.ping());
  health.watch(command);
  health.watch(subscriber);
  return {
    command,
    subscriber,
    health,
    async close() {
      health.shutdown();
      await Promise.allSettled([quit(command), quit(subscriber)]);
    },
  };
}

/**
 * Every error of the client goes to the JSON log (without a listener ioredis prints a bare
 * "Unhandled error event"), once per outage: while reconnecting it reports each failed attempt.
 */
function reportErrors(connection: Redis, role: string, log: Logger): void {
  let reported = false;
  connection.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    log.warn({ err: error, dependency: 'redis', connection: role }, 'redis connection failed; reconnecting');
  });
  connection.on('ready', () => (reported = false));
}

function untilReady(connection: Redis): Promise<void> {
  return new Promise((resolve, reject) => {
    let lastError: Error | undefined;
    const onError = (error: Error) => (lastError = error);
    const timer = setTimeout(() => {
      connection.off('error', onError);
      reject(lastError ?? new Error(`no answer within ${REDIS_START_TIMEOUT_MS} ms`));
    }, REDIS_START_TIMEOUT_MS);
    connection.on('error', onError);
    connection.once('ready', () => {
      clearTimeout(timer);
      connection.off('error', onError);
      resolve();
    });
    // A failed first attempt rejects here; the retry strategy keeps trying until the timer ends.
    connection.connect().catch(() => undefined);
  });
}

/** Where the URL points, without its credentials (they never reach a message). */
function describe(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '6379'}${parsed.pathname}`;
}

/** QUIT when connected; a connection that is down is simply dropped (QUIT would wait for it). */
async function quit(connection: Redis): Promise<void> {
  if (connection.status === 'ready') await connection.quit();
  else connection.disconnect();
}
