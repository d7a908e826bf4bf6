import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db';
import type { PutOptions, Storage } from './storage';
import { storedObjects } from './storage.tables';

/**
 * Content-addressed objects with reference counts. The order of steps is chosen so that a
 * crash or a race leaves at worst an object nothing points at, never a row pointing at nothing:
 *
 *   const staged = await stage(storage, bytes, { contentType });     // outside any transaction
 *   await db.transaction(async (tx) => {
 *     await tx.insert(files).values({ storageKey: staged.key, … });
 *     await keep(tx, storage, staged);                          // moves it in, or reuses it
 *   });
 *   …
 *   await db.transaction((tx) => release(tx, key));               // with the row that pointed
 *   await sweep(db, storage, key);                                // after the commit
 */

/** Bytes written under a temporary key, with the key their content gives them. */
export interface StagedObject {
  stagingKey: string;
  /** `<folder>/<2 hex>/<sha-256>.<extension>`. */
  key: string;
  sizeBytes: number;
  options: PutOptions;
}

export const STAGING_FOLDER = 'staging';

/**
 * A staging key starts with the time it was made (milliseconds, base 36), so a sweep can tell
 * an upload still streaming from one a crash left behind without asking storage for dates.
 */
const stagingKeyAt = (at: number) => `${STAGING_FOLDER}/${at.toString(36)}-${randomUUID()}`;

/** When a staging key was made; undefined for one that does not say. */
export function stagedAt(key: string): number | undefined {
  const match = /^staging\/([0-9a-z]+)-[0-9a-f-]{36}$/.exec(key);
  return match?.[1] === undefined ? undefined : parseInt(match[1], 36);
}

/** The key bytes of this hash get in a folder; two hex digits spread a folder's entries. */
export function contentKey(folder: string, sha256: string, extension: string): string {
  return `${folder}/${sha256.slice(0, 2)}/${sha256}.${extension}`;
}

/**
 * Streams the bytes to a staging key, hashing them on the way (nothing is held whole). If the
 * stream fails, nothing is left behind.
 */
export async function stage(
  storage: Storage,
  data: Buffer | AsyncIterable<Buffer>,
  where: { folder: string; extension: string },
  options: PutOptions,
): Promise<StagedObject> {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  async function* hashed() {
    for await (const chunk of Buffer.isBuffer(data) ? [data] : data) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      yield chunk;
    }
  }
  const stagingKey = stagingKeyAt(Date.now());
  await storage.put(stagingKey, Readable.from(hashed()), options);
  const key = contentKey(where.folder, hash.digest('hex'), where.extension);
  return { stagingKey, key, sizeBytes, options };
}

/**
 * One more reference to `key`; true when it is the first (a new object, or one whose last
 * reference went and that is not yet swept). The row stays locked until the transaction ends,
 * so a sweep of the same key waits for it.
 */
export async function retain(tx: Database, key: string): Promise<boolean> {
  const [row] = await tx
    .insert(storedObjects)
    .values({ key, references: 1 })
    .onConflictDoUpdate({
      target: storedObjects.key,
      set: { references: sql`${storedObjects.references} + 1` },
    })
    .returning({ references: storedObjects.references });
  return row?.references === 1;
}

/**
 * Inside the transaction that records the reference: the staged bytes become the object, or
 * are dropped when the same bytes are already stored.
 */
export async function keep(tx: Database, storage: Storage, staged: StagedObject): Promise<void> {
  if (await retain(tx, staged.key)) {
    await storage.move(staged.stagingKey, staged.key, staged.options);
  } else {
    await storage.delete(staged.stagingKey);
  }
}

/** One reference fewer, in the transaction that drops it; `sweep` deletes the object after. */
export async function release(tx: Database, key: string): Promise<void> {
  await tx
    .update(storedObjects)
    .set({ references: sql`${storedObjects.references} - 1` })
    .where(and(eq(storedObjects.key, key), sql`${storedObjects.references} > 0`));
}

/**
 * Deletes the object if nothing points at it any more. The row is locked while the object
 * goes, so an upload of the same bytes either comes first (and the object stays) or after
 * (and stores it again).
 */
export async function sweep(db: Database, storage: Storage, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ key: storedObjects.key })
      .from(storedObjects)
      .where(and(eq(storedObjects.key, key), eq(storedObjects.references, 0)))
      .for('update');
    if (!row) return;
    await storage.delete(key);
    await tx.delete(storedObjects).where(eq(storedObjects.key, key));
  });
}
