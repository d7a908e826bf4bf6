import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db';
import type { MailService } from '../../platform/mail';
import type { Storage } from '../../platform/storage';

/** What the contact services use; built once per app. */
export interface ContactContext {
  db: Database;
  mail: MailService;
  storage: Storage;
  now: () => Date;
  log: FastifyInstance['log'];
  /** CONTACT_EMAIL: where each message is mailed; unset, messages are only kept. */
  staffAddress?: string;
  publicUrl: string;
}

export const contactContext = (app: FastifyInstance): ContactContext => ({
  db: app.db,
  mail: app.mail,
  storage: app.storage,
  now: app.config.clock ?? (() => new Date()),
  log: app.log,
  staffAddress: app.config.contactEmail,
  publicUrl: app.config.publicUrl,
});
