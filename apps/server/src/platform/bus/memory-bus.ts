import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { TopicHandlers, type Bus } from './bus';

/** One instance only: events stay in this process. Payloads still go through JSON, as on Redis. */
export function createMemoryBus(log: FastifyBaseLogger): Bus {
  const handlers = new TopicHandlers(log);
  // Handlers run outside the publishing request, as they do when the event comes from Redis:
  // otherwise the request's async context (its SQL statement count, for one) would take in
  // their work.
  const outsideRequests = AsyncLocalStorage.snapshot();
  const versions = new Map<string, number>();
  return {
    async publish(topic, payload) {
      const message = JSON.stringify(payload);
      outsideRequests(() => setImmediate(() => handlers.dispatch(topic, message)));
    },
    async subscribe(topic, handler) {
      handlers.add(topic, handler);
      return async () => {
        handlers.remove(topic, handler);
      };
    },
    idle: () => handlers.idle(),
    async version(name) {
      return versions.get(name) ?? 0;
    },
    async advance(name) {
      versions.set(name, (versions.get(name) ?? 0) + 1);
    },
    async close() {},
  };
}
