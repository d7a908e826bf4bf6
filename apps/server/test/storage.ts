import { sql } from 'drizzle-orm';
import type { TestApp } from './build-app';

/** What a browser gets from a stored object's URL, following the S3 redirect to the bucket. */
export interface Served {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Fetches `url` as a browser would: through the app for `/media/…` (which serves the file on
 * disk or redirects to a presigned S3 link), then from the bucket if redirected.
 */
export async function fetchServed(t: TestApp, url: string): Promise<Served> {
  const target = new URL(url);
  if (target.origin === t.config.publicUrl) {
    const response = await t.app.inject({ method: 'GET', url: target.pathname + target.search });
    const location = response.headers.location;
    if (response.statusCode !== 302 || typeof location !== 'string') {
      return {
        status: response.statusCode,
        headers: Object.fromEntries(
          Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: response.rawPayload,
      };
    }
    return fetchServed(t, location);
  }
  const response = await fetch(url);
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** The storage key behind a URL the API answered with. */
export function keyOfUrl(t: TestApp, url: string): string {
  const bases = [`${t.config.publicUrl}/media/`, `${t.config.s3?.publicUrl}/`];
  const base = bases.find((prefix) => url.startsWith(prefix));
  if (!base) throw new Error(`${url} is not a stored object's URL`);
  return url.slice(base.length);
}

/** The stored bytes behind a URL the API answered with, or null when there are none. */
export async function storedBytesOf(t: TestApp, url: string): Promise<Buffer | null> {
  const stream = await t.app.storage.get(keyOfUrl(t, url));
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Every stored key under `prefix`, sorted. */
export async function storedKeys(t: TestApp, prefix: string): Promise<string[]> {
  return (await t.app.storage.list(prefix)).sort();
}

/** How many rows point at the object behind a URL; undefined once it is gone. */
export async function references(t: TestApp, url: string): Promise<number | undefined> {
  const { rows } = await t.db.execute<{ reference_count: number }>(
    sql`select reference_count from stored_objects where key = ${keyOfUrl(t, url)}`,
  );
  return rows[0]?.reference_count;
}
