import type { FastifyBaseLogger } from 'fastify';
import { TopicHandlers, type Bus } from './bus';

/** One instance only: events stay in this process. Payloads still go through JSON, as on Redis. */
export function createMemoryBus(log: FastifyBaseLogger): Bus {
  const handlers = new TopicHandlers(log);
  return {
    async publish(topic, payload) {
      const message = JSON.stringify(payload);
      setImmediate(() => handlers.dispatch(topic, message));
    },
    async subscribe(topic, handler) {
      handlers.add(topic, handler);
      return async () => {
        handlers.remove(topic, handler);
      };
    },
    async close() {},
  };
}
