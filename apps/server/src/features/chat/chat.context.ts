import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db';
import type { Realtime } from '../../platform/realtime';
import type { Storage } from '../../platform/storage';

/** Everything the chat services use; built once per app, never from a request. */
export interface ChatContext {
  db: Database;
  storage: Storage;
  realtime: Realtime;
  log: FastifyBaseLogger;
  now: () => Date;
}

export function chatContext(app: FastifyInstance): ChatContext {
  return {
    db: app.db,
    storage: app.storage,
    realtime: app.realtime,
    log: app.log,
    now: app.config.clock ?? (() => new Date()),
  };
}
