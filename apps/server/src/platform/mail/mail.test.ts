import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { captureLogs } from '../../../test/log-capture';

/** Mails `message` under `key` through a committed transaction, and waits until it is sent. */
async function mail(t: TestApp, key: string) {
  await t.app.mail.transaction(async (_tx, outbox) => outbox.add(key, message));
  await t.app.jobs.idle();
}

const message = {
  to: 'alice@example.org',
  subject: 'Confirm your e-mail address',
  text: 'Open http://localhost:8000/auth/verify/abc123 to confirm.',
  html: '<p><a href="http://localhost:8000/auth/verify/abc123">Confirm</a> or read <a href="https://agora.example.org/faq">the FAQ</a>.</p>',
};

describe('mail without SMTP_URL', () => {
  let t: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    t = await createTestApp({ logStream: logs.stream });
  });
  afterAll(() => t.close());

  it('writes an RFC 822 .eml file to DATA_DIR/outbox', async () => {
    await mail(t, 'test:first');

    const outbox = join(t.config.dataDir, 'outbox');
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(join(outbox, files[0] ?? ''), 'utf8');
    expect(eml).toContain('\r\n');
    expect(eml).toMatch(/^From: Agora <no-reply@localhost>\r$/m);
    expect(eml).toMatch(/^To: alice@example.org\r$/m);
    expect(eml).toMatch(/^Subject: Confirm your e-mail address\r$/m);
    expect(eml).toContain('multipart/alternative');
    expect(eml).toContain('http://localhost:8000/auth/verify/abc123');
  });

  it('sends a key once, however often it is sent again', async () => {
    await mail(t, 'test:first');
    await t.app.jobs.idle();
    expect(await readdir(join(t.config.dataDir, 'outbox'))).toHaveLength(1);
  });

  it('sends nothing for a transaction that rolls back', async () => {
    await expect(
      t.app.mail.transaction(async (_tx, outbox) => {
        outbox.add('test:rolled-back', message);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await t.app.jobs.idle();
    expect(await readdir(join(t.config.dataDir, 'outbox'))).toHaveLength(1);
  });

  it('logs one line with the recipient, the subject and every link', () => {
    const lines = logs.lines.filter((line) => line.msg === 'mail written to outbox');
    expect(lines).toEqual([
      expect.objectContaining({
        to: message.to,
        subject: message.subject,
        links: ['http://localhost:8000/auth/verify/abc123', 'https://agora.example.org/faq'],
      }),
    ]);
  });
});

describe('mail with SMTP_URL', () => {
  let t: TestApp;
  let server: SMTPServer;
  const received: { from: string | undefined; to: string[]; data: string }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            data: Buffer.concat(chunks).toString(),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({
      config: {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom: 'Agora <no-reply@agora.example.org>',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the message over SMTP, with a Message-ID named by its key, and writes nothing to the outbox', async () => {
    await mail(t, 'test:smtp');

    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('no-reply@agora.example.org');
    expect(received[0]?.to).toEqual(['alice@example.org']);
    expect(received[0]?.data).toMatch(/^Subject: Confirm your e-mail address\r$/m);
    expect(received[0]?.data).toContain('http://localhost:8000/auth/verify/abc123');
    expect(received[0]?.data).toMatch(/^Message-ID: <[0-9a-f]{32}@agora\.example\.org>\r$/m);
    await expect(readdir(join(t.config.dataDir, 'outbox'))).rejects.toThrow('ENOENT');
  });
});

describe('mail that cannot go yet', () => {
  it('answers the caller at once and keeps the mail as a job to retry', async () => {
    const unreachable = await createTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:1' } });
    try {
      await mail(unreachable, 'test:unreachable');
      const { rows } = await unreachable.db.execute<{ attempts: number; failed: boolean }>(
        sql`select attempts, failed_at is not null as failed from jobs where key = 'mail:test:unreachable'`,
      );
      expect(rows).toEqual([{ attempts: 1, failed: false }]);
    } finally {
      await unreachable.close();
    }
  });
});
