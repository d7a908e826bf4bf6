import type { FastifyInstance } from 'fastify';
import type { Bus, JsonValue } from '../../platform/bus';
import type { Database } from '../../platform/db';
import type { Storage } from '../../platform/storage';

/** Everything the forum services use; built once per app, never from a request. */
export interface ForumsContext {
  db: Database;
  storage: Storage;
  now: () => Date;
  /** Publishes a domain event; call it after the transaction committed. Never throws. */
  publish(topic: string, payload: JsonValue): Promise<void>;
}

export function forumsContext(app: FastifyInstance, bus: Bus = app.bus): ForumsContext {
  return {
    db: app.db,
    storage: app.storage,
    now: app.config.clock ?? (() => new Date()),
    async publish(topic, payload) {
      // The change is committed whatever happens here; a lost event must not fail the request.
      await bus.publish(topic, payload).catch((error: unknown) => {
        app.log.error({ err: error, topic }, 'could not publish a forums event');
      });
    },
  };
}
