import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuthResponse } from '@agora/shared';
import { expect } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './build-app';

/**
 * Account helpers for tests: members made through the real sign-up, mail read from the outbox.
 *
 *   const t = await createAccountsTestApp();
 *   const ada = await signUp(t, 'ada');
 *   await t.app.inject({ method: 'GET', url: '/auth/user/', headers: bearer(ada.access) });
 */

/** A settable clock, handed to the app as `config.clock`. */
export class TestClock {
  #now = Date.now();
  readonly now = () => new Date(this.#now);
  advance(ms: number): void {
    this.#now += ms;
  }
}

/** The app with a test clock and a per-IP limit high enough not to get in the way. */
export async function createAccountsTestApp(
  options: TestAppOptions = {},
): Promise<TestApp & { clock: TestClock }> {
  const clock = new TestClock();
  const t = await createTestApp({
    ...options,
    config: { authRateLimitMax: 10_000, clock: clock.now, ...options.config },
  });
  return { ...t, clock };
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

export const PASSWORD = 'correct horse battery staple';

export interface Member extends AuthResponse {
  password: string;
}

export async function signUp(
  t: TestApp,
  username: string,
  extra: { email?: string; headers?: Record<string, string> } = {},
): Promise<Member> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/registration/',
    headers: extra.headers,
    payload: {
      username,
      email: extra.email ?? `${username}@example.org`,
      password1: PASSWORD,
      password2: PASSWORD,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...response.json<AuthResponse>(), password: PASSWORD };
}

export async function logIn(
  t: TestApp,
  username: string,
  password = PASSWORD,
  headers?: Record<string, string>,
): Promise<AuthResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/login/',
    headers,
    payload: { username, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuthResponse>();
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  file: string;
}

/** RFC 2045 quoted-printable, as nodemailer writes long lines. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Every message in the outbox, oldest first. */
export async function readOutbox(t: TestApp): Promise<Mail[]> {
  // Mails go out in background jobs once their transaction commits.
  await t.app.jobs.idle();
  const folder = join(t.config.dataDir, 'outbox');
  const names = (await readdir(folder).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const raw = await readFile(join(folder, name), 'utf8');
      const split = raw.indexOf('\r\n\r\n');
      const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
      const header = (key: string) =>
        new RegExp(`^${key}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
      let text = raw.slice(split + 4);
      if (/quoted-printable/i.test(header('Content-Transfer-Encoding'))) {
        text = decodeQuotedPrintable(text);
      } else if (/base64/i.test(header('Content-Transfer-Encoding'))) {
        text = Buffer.from(text, 'base64').toString('utf8');
      }
      return { to: header('To'), subject: header('Subject'), text, file: name };
    }),
  );
}

/** The mails sent to `to`, oldest first. */
export async function mailsTo(t: TestApp, to: string): Promise<Mail[]> {
  return (await readOutbox(t)).filter((mail) => mail.to.includes(to));
}

/** The last link to `to` whose path starts with `path` (e.g. '/verify-email/'), as path parts. */
export async function lastLink(t: TestApp, to: string, path: string): Promise<string[]> {
  const mails = await mailsTo(t, to);
  const pattern = new RegExp(`${t.config.publicUrl}${path}([^\\s]+)`);
  for (const mail of mails.reverse()) {
    const match = pattern.exec(mail.text);
    if (match?.[1]) return match[1].split('/');
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}
