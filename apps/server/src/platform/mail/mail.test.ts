import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { captureLogs } from '../../../test/log-capture';

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
    await t.app.mail.send(message);

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

  it('sends the message over SMTP and writes nothing to the outbox', async () => {
    await t.app.mail.send(message);

    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('no-reply@agora.example.org');
    expect(received[0]?.to).toEqual(['alice@example.org']);
    expect(received[0]?.data).toMatch(/^Subject: Confirm your e-mail address\r$/m);
    expect(received[0]?.data).toContain('http://localhost:8000/auth/verify/abc123');
    await expect(readdir(join(t.config.dataDir, 'outbox'))).rejects.toThrow('ENOENT');
  });
});

describe('queued mail', () => {
  const logs = captureLogs();
  let t: TestApp;
  let server: SMTPServer;
  const received: string[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString());
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({
      config: { smtpUrl: `smtp://127.0.0.1:${port}` },
      logStream: logs.stream,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('returns before the mail server has the message, and idle() waits for it', async () => {
    t.app.mail.queue(message);
    expect(received).toHaveLength(0);

    await t.app.mail.idle();
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('http://localhost:8000/auth/verify/abc123');
  });

  it('logs a queued message that could not be sent, without failing anyone', async () => {
    const unreachable = await createTestApp({
      config: { smtpUrl: 'smtp://127.0.0.1:1' },
      logStream: logs.stream,
    });
    try {
      unreachable.app.mail.queue(message);
      await unreachable.app.mail.idle();
      expect(
        logs.lines.some((line) => line.msg === 'mail not sent' && line.to === message.to),
      ).toBe(true);
    } finally {
      await unreachable.close();
    }
  });
});
