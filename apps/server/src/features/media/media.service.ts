import type { FileMimeType } from '@agora/shared';
import { and, eq } from 'drizzle-orm';
import type { UploadLimit } from '../../platform/auth';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  keep,
  release,
  stage,
  sweep,
  type StagedObject,
  type Storage,
} from '../../platform/storage';
import { extensionOf, SNIFF_BYTES, sniffFileType } from './file-type';
import { files, type FileRow } from './media.tables';

/** What the media services use; built once per app, never from a request. */
export interface MediaDeps {
  db: Database;
  storage: Storage;
  now: () => Date;
}

/** An upload's bytes, streaming in; `truncated` turns true once the size limit cut it short. */
export type UploadStream = AsyncIterable<Buffer> & { truncated: boolean };

/** Bytes staged in storage, not yet recorded as a file. */
export interface StoredUpload {
  staged: StagedObject;
  mimeType: FileMimeType;
}

const fileError = (message: string) => AppError.fields({ file: [message] });

const MB = 1024 * 1024;
const sizeText = (bytes: number) =>
  bytes >= MB ? `${Math.floor(bytes / MB)} MB` : `${Math.floor(bytes / 1024)} KB`;

/** What every member may upload: files of at most `maxBytes`. */
export const usualUploadLimit = (maxBytes: number): UploadLimit => ({
  maxBytes,
  tooLarge: `Choose a file of at most ${sizeText(maxBytes)}.`,
});

export const NOT_YOUR_FILE = 'This file does not exist or is not yours.';

/**
 * Streams an upload into storage, to be kept under `files/` by its content hash. The type is
 * decided from the first bytes before anything is written; the size limit is enforced as the
 * bytes arrive, and a file cut short by it is removed again.
 */
export async function storeUpload(
  storage: Storage,
  upload: UploadStream,
  limit: UploadLimit,
): Promise<StoredUpload> {
  const tooLarge = () => fileError(limit.tooLarge);
  const chunks = upload[Symbol.asyncIterator]();
  const headChunks: Buffer[] = [];
  let sizeBytes = 0;
  let complete = false;
  while (sizeBytes < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      complete = true;
      break;
    }
    headChunks.push(next.value);
    sizeBytes += next.value.length;
  }
  const head = Buffer.concat(headChunks);
  if (upload.truncated) throw tooLarge();
  if (head.length === 0) throw fileError('This file is empty; choose another one.');

  const mimeType = sniffFileType(head.subarray(0, SNIFF_BYTES), complete);
  if (!mimeType) {
    // Read the rest, so the member's browser gets the answer instead of a reset connection.
    let rest = await chunks.next();
    while (!rest.done) rest = await chunks.next();
    throw fileError(
      'Upload audio (WebM, Ogg, MP3, WAV, M4A, FLAC or AAC), a PDF or a plain text file.',
    );
  }

  async function* body() {
    yield head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      yield next.value;
    }
    if (upload.truncated) throw tooLarge();
  }
  const where = { folder: 'files', extension: extensionOf(mimeType) };
  const staged = await stage(storage, body(), where, { contentType: mimeType });
  return { staged, mimeType };
}

/**
 * Records staged bytes as the member's file, under the key of their content: the same bytes
 * uploaded again (by anyone) share one object. The staged bytes are removed if that fails.
 */
export async function createFile(
  { db, storage, now }: MediaDeps,
  ownerId: number,
  { staged, mimeType }: StoredUpload,
  name: string,
): Promise<FileRow> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(files)
        .values({
          ownerId,
          name,
          storageKey: staged.key,
          mimeType,
          sizeBytes: staged.sizeBytes,
          createdAt: now(),
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await keep(tx, storage, staged);
      return row;
    });
  } catch (error) {
    await storage.delete(staged.stagingKey);
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

/**
 * The owner deletes their file, and its bytes unless another file or a discussion's audio
 * holds the same; to anyone else it does not exist (404).
 */
export async function deleteFile(
  { db, storage }: MediaDeps,
  ownerId: number,
  id: number,
): Promise<void> {
  const storageKey = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(files)
      .where(and(eq(files.id, id), eq(files.ownerId, ownerId)))
      .returning({ storageKey: files.storageKey });
    if (!row) throw new AppError('not_found', NOT_YOUR_FILE);
    await release(tx, row.storageKey);
    return row.storageKey;
  });
  await sweep(db, storage, storageKey);
}
