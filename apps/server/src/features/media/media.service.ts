import type { PageQuery } from '@agora/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { fetchLimit, integerKey, keyset, timestampKey, type Page } from '../../platform/pagination';
import { keep, release, sweep, type Storage } from '../../platform/storage';
import { users } from '../users';
import { files, type FileRow, type StoredThumbnail } from './media.tables';
import {
  discardUpload,
  sizeText,
  tooLargeError,
  type StagedThumbnail,
  type StoredUpload,
} from './store-upload';

/** What the media services use; built once per app, never from a request. */
export interface MediaDeps {
  db: Database;
  storage: Storage;
  now: () => Date;
}

export const NOT_YOUR_FILE = 'This file does not exist or is not yours.';

/** Staged bytes and the name the member gave them, ready to be recorded as a file. */
export interface NewFile {
  stored: StoredUpload;
  name: string;
}

/** The bytes an upload adds to its owner's usage: the stored file and its thumbnails. */
function thumbnailBytesOf(stored: StoredUpload): number {
  if (!stored.image) return 0;
  const { small, large } = stored.image.thumbnails;
  return small.staged.sizeBytes + large.staged.sizeBytes;
}

/** What the member's files take in storage, thumbnails included. */
export async function usedBytes(db: Database, ownerId: number): Promise<number> {
  const [row] = await db
    .select({
      used: sql<number>`coalesce(sum(${files.sizeBytes} + ${files.thumbnailBytes}), 0)::float8`,
    })
    .from(files)
    .where(eq(files.ownerId, ownerId));
  return row?.used ?? 0;
}

/** The answer to an upload that does not fit in what is left of the quota. */
export function quotaExceeded(quotaBytes: number, usedBytesNow: number): string {
  const left = Math.max(0, quotaBytes - usedBytesNow);
  return (
    `This file does not fit in your storage quota of ${sizeText(quotaBytes)}: ` +
    `${sizeText(left)} left. Delete some files to make room.`
  );
}

/** Every staging key of these uploads, removed when they are not kept. */
export async function discardUploads(storage: Storage, uploads: StoredUpload[]): Promise<void> {
  await Promise.all(uploads.map((stored) => discardUpload(storage, stored)));
}

const storedThumbnail = ({ staged, width, height }: StagedThumbnail): StoredThumbnail => ({
  key: staged.key,
  width,
  height,
  sizeBytes: staged.sizeBytes,
});

export interface RecordOptions {
  quotaBytes: number;
  now: Date;
  /** False for pictures other content holds (an album's): not among the member's files. */
  listed: boolean;
}

/**
 * Inside the caller's transaction: records staged bytes as the member's files, in order, under
 * the keys of their content (the same bytes uploaded again, by anyone, share one object). The
 * owner's row is locked while their usage is summed, so two uploads at once cannot both pass
 * the quota; all the files fit together or none is recorded. The caller discards the staged
 * bytes if the transaction fails.
 */
export async function recordFiles(
  tx: Database,
  storage: Storage,
  ownerId: number,
  uploads: NewFile[],
  { quotaBytes, now, listed }: RecordOptions,
): Promise<FileRow[]> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
  const used = await usedBytes(tx, ownerId);
  const adding = uploads.reduce(
    (sum, { stored }) => sum + stored.staged.sizeBytes + thumbnailBytesOf(stored),
    0,
  );
  if (used + adding > quotaBytes) throw tooLargeError(quotaExceeded(quotaBytes, used));
  const rows: FileRow[] = [];
  for (const { stored, name } of uploads) {
    const { staged, mimeType, image } = stored;
    const [row] = await tx
      .insert(files)
      .values({
        ownerId,
        name,
        storageKey: staged.key,
        mimeType,
        sizeBytes: staged.sizeBytes,
        image: image && {
          width: image.width,
          height: image.height,
          blurhash: image.blurhash,
          thumbnails: {
            small: storedThumbnail(image.thumbnails.small),
            large: storedThumbnail(image.thumbnails.large),
          },
        },
        thumbnailBytes: thumbnailBytesOf(stored),
        listed,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await keep(tx, storage, staged);
    if (image) {
      await keep(tx, storage, image.thumbnails.small.staged);
      await keep(tx, storage, image.thumbnails.large.staged);
    }
    rows.push(row);
  }
  return rows;
}

/**
 * Records staged bytes as one of the member's files (`recordFiles`); the staged bytes are
 * removed if anything fails.
 */
export async function createFile(
  { db, storage, now }: MediaDeps,
  ownerId: number,
  stored: StoredUpload,
  name: string,
  quotaBytes: number,
): Promise<FileRow> {
  try {
    const [row] = await db.transaction((tx) =>
      recordFiles(tx, storage, ownerId, [{ stored, name }], {
        quotaBytes,
        now: now(),
        listed: true,
      }),
    );
    if (!row) throw new Error('no file recorded');
    return row;
  } catch (error) {
    await discardUpload(storage, stored);
    throw error;
  }
}

/** One of the member's own files; null for a file that does not exist or is someone else's. */
export async function findOwnFile(
  db: Database,
  ownerId: number,
  id: number,
): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.ownerId, ownerId)));
  return row ?? null;
}

const newestFirst = keyset({
  createdAt: timestampKey(files.createdAt),
  id: integerKey(files.id),
});

/** The member's own files, newest first (their albums' pictures are the albums'). */
export async function listOwnFiles(
  db: Database,
  ownerId: number,
  page: PageQuery,
): Promise<Page<FileRow>> {
  const rows = await db
    .select()
    .from(files)
    .where(
      and(eq(files.ownerId, ownerId), eq(files.listed, true), newestFirst.afterCursor(page.cursor)),
    )
    .orderBy(...newestFirst.orderBy)
    .limit(fetchLimit(page.limit));
  return newestFirst.page(rows, page.limit, (row) => row);
}

/** The keys a file holds: its bytes and its thumbnails. */
export const keysOfFile = (row: Pick<FileRow, 'storageKey' | 'image'>): string[] => [
  row.storageKey,
  ...(row.image ? Object.values(row.image.thumbnails).map(({ key }) => key) : []),
];

/**
 * Inside the caller's transaction: deletes the files `where` selects and lets go of their
 * objects. Returns the keys to `sweepKeys` once the transaction has committed.
 */
export async function dropFiles(tx: Database, where: SQL | undefined): Promise<string[]> {
  const rows = await tx
    .delete(files)
    .where(where)
    .returning({ storageKey: files.storageKey, image: files.image });
  const keys = rows.flatMap(keysOfFile);
  for (const key of keys) await release(tx, key);
  return keys;
}

/** After the commit that released them: deletes the objects nothing points at any more. */
export async function sweepKeys(db: Database, storage: Storage, keys: string[]): Promise<void> {
  for (const key of new Set(keys)) await sweep(db, storage, key);
}

/**
 * The owner deletes their file, and its bytes and thumbnails unless another file or a
 * discussion's audio holds the same; to anyone else it does not exist (404). An album's picture
 * is deleted from its album.
 */
export async function deleteFile(
  { db, storage }: MediaDeps,
  ownerId: number,
  id: number,
): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const held = await dropFiles(
      tx,
      and(eq(files.id, id), eq(files.ownerId, ownerId), eq(files.listed, true)),
    );
    if (held.length === 0) throw new AppError('not_found', NOT_YOUR_FILE);
    return held;
  });
  await sweepKeys(db, storage, keys);
}

/**
 * Inside the account deletion's transaction (after the member's albums went): every file of the
 * member, and what they hold. Returns the keys to sweep after the commit.
 */
export const dropMemberFiles = (tx: Database, ownerId: number): Promise<string[]> =>
  dropFiles(tx, eq(files.ownerId, ownerId));
