import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { AuthGuard } from '../../platform/auth';
import type { ContentRegistry } from '../../platform/content';
import type { Database } from '../../platform/db';
import type { MailService } from '../../platform/mail';
import type { Storage } from '../../platform/storage';

/** Everything the account services use; built once per app, never from a request. */
export interface AuthContext {
  db: Database;
  mail: MailService;
  storage: Storage;
  /** What deleting an account asks to forget the member's albums (likes, comments, reports). */
  content: ContentRegistry;
  guard: AuthGuard;
  config: Config;
  now: () => Date;
  log: FastifyInstance['log'];
}

export function authContext(app: FastifyInstance): AuthContext {
  return {
    db: app.db,
    mail: app.mail,
    storage: app.storage,
    content: app.content,
    guard: app.auth,
    config: app.config,
    now: app.config.clock ?? (() => new Date()),
    log: app.log,
  };
}
