import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends one message. `key` names it for good: sending the same key again (a retried job) writes
 * no second outbox file, and over SMTP gives the same Message-ID, by which mail systems drop
 * a duplicate.
 */
export interface Mailer {
  send(message: MailMessage, key: string): Promise<void>;
  close(): void;
}

/** A key as a file and header name: short, and nothing of the key's own text. */
const digest = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);

export interface MailerOptions {
  from: string;
  /** Unset: messages are written to `outboxDir` instead of being sent. */
  smtpUrl?: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

const LINK = /https?:\/\/[^\s"'<>]+/g;

function linksIn(message: MailMessage): string[] {
  return [...new Set(`${message.text}\n${message.html ?? ''}`.match(LINK) ?? [])];
}

/** Made on first use, once: nodemailer loads with the first mail, not with the server. */
function once<T>(make: () => Promise<T>): { get(): Promise<T>; made(): Promise<T> | undefined } {
  let made: Promise<T> | undefined;
  return { get: () => (made ??= make()), made: () => made };
}

/** Over SMTP when SMTP_URL is set; otherwise RFC 822 .eml files in the outbox folder. */
export function createMailer({ from, smtpUrl, outboxDir, log }: MailerOptions): Mailer {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'agora.invalid';
  const messageId = (key: string) => `<${digest(key)}@${domain}>`;
  if (smtpUrl) {
    const transport = once(async () => (await import('nodemailer')).createTransport(smtpUrl));
    return {
      async send(message, key) {
        const smtp = await transport.get();
        const info = await smtp.sendMail({ from, messageId: messageId(key), ...message });
        log.info(
          { to: message.to, subject: message.subject, messageId: info.messageId },
          'mail sent',
        );
      },
      close: () => void transport.made()?.then((smtp) => smtp.close()),
    };
  }

  // CRLF line ends, as RFC 822 requires of a message on disk or on the wire.
  const composer = once(async () =>
    (await import('nodemailer')).createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'windows',
    }),
  );
  return {
    async send(message, key) {
      const suffix = `-${digest(key)}.eml`;
      await mkdir(outboxDir, { recursive: true });
      if ((await readdir(outboxDir)).some((name) => name.endsWith(suffix))) return;
      const info = await (
        await composer.get()
      ).sendMail({
        from,
        messageId: messageId(key),
        ...message,
      });
      // Named by time first, so the folder lists in the order mails went out. Written under a
      // hidden name, then renamed: a crash mid-write leaves no `.eml` that a retry would take
      // for the mail already sent.
      const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}${suffix}`);
      const partial = join(outboxDir, `.${digest(key)}.partial`);
      await writeFile(partial, info.message);
      await rename(partial, file);
      // Without a mail server, this line is how a developer finds the verification link.
      log.info(
        { to: message.to, subject: message.subject, links: linksIn(message), file },
        'mail written to outbox',
      );
    },
    close: () => void composer.made()?.then((made) => made.close()),
  };
}
