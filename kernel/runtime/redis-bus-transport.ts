import type { BusTransport } from './bus-transport';
import type { RedisConnections } from './redis';

/**
 * The event bus over Redis pub/sub. Pub/sub ignores the database number, so the channel carries
 * it: deployments sharing one Redis through different database numbers (`redis://host/1`, `/2`)
 * keep their events apart. The connections are the kernel's, closed by it.
 */
export function redisBusTransport(redis: RedisConnections): BusTransport {
  const channel = `atrium:events:${redis.command.options.db ?? 0}`;
  return {
    dependency: 'redis',
    health: redis.health,
    async listen(onMessage) {
      await redis.subscriber.subscribe(channel);
      redis.subscriber.on('message', (from: string, message: string) => {
        if (from === channel) onMessage(message);
      });
    },
    send: (message) => redis.command.publish(channel, message),
    close: async () => undefined,
  };
}
