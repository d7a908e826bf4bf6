import { z } from 'zod';
import type { Transaction } from '../db';
import { appWide } from '../plugin';
import { createMailer, type MailerOptions, type MailMessage } from './mailer';

/** Mails a transaction sends once it commits. */
export interface MailOutbox {
  /**
   * Sends `message` after the commit, in a background job retried until it goes. `key` is
   * unique to this message (a kind and the token it carries): the job, its outbox file and
   * its Message-ID are named by it, so a retry sends no second copy.
   */
  add(key: string, message: MailMessage): void;
}

export interface MailService {
  /**
   * Runs `work` in a transaction: the mails it adds exist (as jobs) if and only if it commits,
   * and go out right after. The caller's answer never waits for a mail server.
   */
  transaction<T>(work: (tx: Transaction, outbox: MailOutbox) => Promise<T>): Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

const MAIL_JOB = 'mail';

const ZMailJob = z.object({
  key: z.string(),
  message: z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().optional(),
  }),
});

/**
 * Outgoing mail: over SMTP when SMTP_URL is set, else `.eml` files in DATA_DIR/outbox. Every
 * mail is a durable job of platform/jobs, enqueued with the change that causes it; a crash
 * before it is sent leaves the job for the next start. Until sent, the job's payload holds the
 * message, links included (their tokens expire within the hour).
 */
export const mailPlugin = appWide<Omit<MailerOptions, 'log'>>(
  'agora-mail',
  async (app, options) => {
    const mailer = createMailer({ ...options, log: app.log });
    app.addHook('onClose', async () => mailer.close());
    app.jobs.handle(MAIL_JOB, async (payload) => {
      const { key, message } = ZMailJob.parse(payload);
      await mailer.send(message, key);
    });
    app.decorate('mail', {
      async transaction(work) {
        const added: { key: string; message: MailMessage }[] = [];
        const result = await app.db.transaction(async (tx) => {
          const done = await work(tx, {
            add: (key, message) => added.push({ key, message }),
          });
          if (added.length > 0) {
            await app.jobs.enqueue(
              tx,
              added.map(({ key, message }) => ({
                name: MAIL_JOB,
                key: `${MAIL_JOB}:${key}`,
                payload: { key, message: { ...message } },
              })),
            );
          }
          return done;
        });
        if (added.length > 0) app.jobs.nudge();
        return result;
      },
    } satisfies MailService);
  },
);
