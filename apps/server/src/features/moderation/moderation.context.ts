import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db';
import type { Storage } from '../../platform/storage';

/** Everything the moderation services use; built once per app, never from a request. */
export interface ModerationContext {
  db: Database;
  storage: Storage;
  now: () => Date;
}

export function moderationContext(app: FastifyInstance): ModerationContext {
  return { db: app.db, storage: app.storage, now: app.config.clock ?? (() => new Date()) };
}
