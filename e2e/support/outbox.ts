import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The mail the server wrote to `${E2E_DATA_DIR}/outbox/*.eml` (ARCHITECTURE.md: outbox mail). */

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the spec through the e2e config.');
  return join(dataDir, 'outbox');
}

export interface Mail {
  file: string;
  to: string;
  subject: string;
  body: string;
  writtenAt: number;
}

/** Undoes quoted-printable: soft line breaks (`=\n`) and `=XX` bytes, read as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function parse(file: string): Mail {
  const raw = readFileSync(file, 'utf8');
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).trimStart();
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const qp = /quoted-printable/i.test(header('Content-Transfer-Encoding'));
  return {
    file,
    to: header('To'),
    subject: header('Subject'),
    body: qp ? decodeQuotedPrintable(body) : body,
    writtenAt: statSync(file).mtimeMs,
  };
}

/** Every mail to `address`, oldest first. */
export function mailsTo(address: string): Mail[] {
  let names: string[];
  try {
    names = readdirSync(outboxDir()).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .map((name) => parse(join(outboxDir(), name)))
    .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()))
    .sort((a, b) => a.writtenAt - b.writtenAt || a.file.localeCompare(b.file));
}

/** The first link in `mail` whose path starts with `pathPrefix` (e.g. "/verify-email/"). */
export function linkIn(mail: Mail, pathPrefix: string): string | undefined {
  for (const match of mail.body.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return url.pathname + url.search;
  }
  return undefined;
}

/**
 * Runs `action`, then waits for a new mail to `address` holding a link under `pathPrefix`
 * and returns that link's path (the test opens it against its own base URL).
 * With no action, returns the newest such link already in the outbox, waiting for one if needed.
 */
export async function linkFromNewestMail(
  address: string,
  pathPrefix: string,
  action?: () => Promise<unknown>,
  timeoutMs = 10_000,
): Promise<string> {
  const before = new Set(action ? mailsTo(address).map((mail) => mail.file) : []);
  if (action) await action();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(address).filter((mail) => !before.has(mail.file));
    for (const mail of mails.reverse()) {
      const link = linkIn(mail, pathPrefix);
      if (link) return link;
    }
    if (Date.now() > deadline) {
      throw new Error(`No mail to ${address} with a ${pathPrefix} link within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
