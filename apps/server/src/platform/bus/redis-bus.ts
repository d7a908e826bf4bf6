import type { FastifyBaseLogger } from 'fastify';
import { TopicHandlers, type Bus } from './bus';

/** Keeps Agora's channels apart from anything else sharing the Redis server. */
const CHANNEL_PREFIX = 'agora:';
const VERSION_PREFIX = 'agora:version:';

/**
 * Redis pub/sub: every instance subscribed to a topic receives each event. A subscribed
 * connection can run no other command, hence one connection to publish and one to listen.
 */
export async function createRedisBus(url: string, log: FastifyBaseLogger): Promise<Bus> {
  // Loaded only with REDIS_URL: a single instance never pays for the client.
  const { Redis } = await import('ioredis');
  const publisher = new Redis(url, { lazyConnect: true });
  const subscriber = new Redis(url, { lazyConnect: true });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: Error) => log.warn({ err: error }, 'redis connection error'));
  }
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    // The reason (refused, DNS, auth) is in the warnings the error handler above logged.
    throw new Error('Cannot connect to Redis at REDIS_URL', { cause: error });
  }

  const handlers = new TopicHandlers(log);
  // A topic's SUBSCRIBE in flight: later subscribers to it wait for the same confirmation.
  const subscriptions = new Map<string, Promise<unknown>>();
  subscriber.on('message', (channel: string, message: string) => {
    handlers.dispatch(channel.slice(CHANNEL_PREFIX.length), message);
  });

  return {
    async publish(topic, payload) {
      await publisher.publish(CHANNEL_PREFIX + topic, JSON.stringify(payload));
    },
    async subscribe(topic, handler) {
      const channel = CHANNEL_PREFIX + topic;
      if (handlers.add(topic, handler)) subscriptions.set(topic, subscriber.subscribe(channel));
      await subscriptions.get(topic);
      return async () => {
        if (!handlers.remove(topic, handler)) return;
        subscriptions.delete(topic);
        await subscriber.unsubscribe(channel);
      };
    },
    idle: () => handlers.idle(),
    async version(name) {
      return Number((await publisher.get(`${VERSION_PREFIX}${name}`)) ?? 0);
    },
    async advance(name) {
      await publisher.incr(`${VERSION_PREFIX}${name}`);
    },
    async close() {
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
  };
}
