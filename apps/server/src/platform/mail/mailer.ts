import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Sends without holding up the caller: for answers that must not reveal, by taking longer,
   * whether a mail went out. A failure is logged.
   */
  queue(message: MailMessage): void;
  /** Resolves once every queued message has been sent or has failed. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Adds queue/idle/close to a transport's `send`. */
function withQueue(
  send: (message: MailMessage) => Promise<void>,
  closeTransport: () => void,
  log: FastifyBaseLogger,
): Mailer {
  const pending = new Set<Promise<void>>();
  const idle = async () => {
    await Promise.all(pending);
  };
  return {
    send,
    queue(message) {
      const sending = send(message)
        .catch((error: unknown) => log.error({ err: error, to: message.to }, 'mail not sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    idle,
    async close() {
      await idle();
      closeTransport();
    },
  };
}

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

/** Over SMTP when SMTP_URL is set; otherwise RFC 822 .eml files in the outbox folder. */
export function createMailer({ from, smtpUrl, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = createTransport(smtpUrl);
    return withQueue(
      async (message) => {
        const info = await transport.sendMail({ from, ...message });
        log.info(
          { to: message.to, subject: message.subject, messageId: info.messageId },
          'mail sent',
        );
      },
      () => transport.close(),
      log,
    );
  }

  // CRLF line ends, as RFC 822 requires of a message on disk or on the wire.
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return withQueue(
    async (message) => {
      const info = await composer.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(outboxDir, name);
      await writeFile(file, info.message);
      // Without a mail server, this line is how a developer finds the verification link.
      log.info(
        { to: message.to, subject: message.subject, links: linksIn(message), file },
        'mail written to outbox',
      );
    },
    () => composer.close(),
    log,
  );
}
