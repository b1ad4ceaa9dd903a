import Redis from 'ioredis';

/**
 * Connections to Redis when `REDIS_URL` is set. Pub/sub needs a connection of its own: a
 * subscribed ioredis client can issue no other command.
 */
export interface RedisConnections {
  command: Redis;
  subscriber: Redis;
  close(): Promise<void>;
}

export async function connectRedis(url: string): Promise<RedisConnections> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 3, enableOfflineQueue: true } as const;
  const command = new Redis(url, options);
  const subscriber = new Redis(url, options);
  await Promise.all([command.connect(), subscriber.connect()]);
  return {
    command,
    subscriber,
    async close() {
      await Promise.allSettled([command.quit(), subscriber.quit()]);
    },
  };
}
