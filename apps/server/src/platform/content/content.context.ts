import type { FastifyInstance } from 'fastify';
import type { Bus, JsonValue } from '../bus';
import type { Database } from '../db';
import type { Storage } from '../storage';
import type { ContentRegistry } from './registry';

/** What every content service uses; built once per app, never from a request. */
export interface ContentContext {
  db: Database;
  storage: Storage;
  now: () => Date;
  content: ContentRegistry;
  /** Publishes a domain event; call it after the transaction committed. Never throws. */
  publish(topic: string, payload: JsonValue): Promise<void>;
}

export function contentContext(app: FastifyInstance, bus: Bus = app.bus): ContentContext {
  return {
    db: app.db,
    storage: app.storage,
    now: app.config.clock ?? (() => new Date()),
    content: app.content,
    async publish(topic, payload) {
      // The change is committed whatever happens here; a lost event must not fail the request.
      await bus.publish(topic, payload).catch((error: unknown) => {
        app.log.error({ err: error, topic }, 'could not publish a content event');
      });
    },
  };
}
