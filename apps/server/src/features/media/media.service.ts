import type { FileMimeType } from '@agora/shared';
import { and, eq, sql } from 'drizzle-orm';
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
import { users } from '../users';
import {
  extensionOf,
  isMarkup,
  SNIFF_BYTES,
  sniffFileType,
  type SniffedType,
  type SourceImageType,
} from './file-type';
import { processImage, type ThumbnailSize } from './images';
import { files, type FileRow, type StoredThumbnail } from './media.tables';

const SOURCE_IMAGE_TYPES: ReadonlySet<SniffedType> = new Set<SourceImageType>([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heif',
  'image/avif',
]);
const isSourceImage = (type: SniffedType): type is SourceImageType => SOURCE_IMAGE_TYPES.has(type);

/** What the media services use; built once per app, never from a request. */
export interface MediaDeps {
  db: Database;
  storage: Storage;
  now: () => Date;
}

/** An upload's bytes, streaming in; `truncated` turns true once the size limit cut it short. */
export type UploadStream = AsyncIterable<Buffer> & { truncated: boolean };

/** A thumbnail staged with its upload. */
export interface StagedThumbnail {
  staged: StagedObject;
  width: number;
  height: number;
}

/** Bytes staged in storage, not yet recorded as a file; a picture's thumbnails with them. */
export interface StoredUpload {
  staged: StagedObject;
  mimeType: FileMimeType;
  image?: {
    width: number;
    height: number;
    blurhash: string;
    thumbnails: Record<ThumbnailSize, StagedThumbnail>;
  };
}

const fileError = (message: string) => AppError.fields({ file: [message] });

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;
const sizeText = (bytes: number) => {
  if (bytes >= GB) return `${Math.floor((bytes / GB) * 10) / 10} GB`;
  if (bytes >= MB) return `${Math.floor(bytes / MB)} MB`;
  return bytes >= KB ? `${Math.floor(bytes / KB)} KB` : `${bytes} bytes`;
};

/** What every member may upload: files of at most `maxBytes`. */
export const usualUploadLimit = (maxBytes: number): UploadLimit => ({
  maxBytes,
  tooLarge: `Choose a file of at most ${sizeText(maxBytes)}.`,
});

export const NOT_YOUR_FILE = 'This file does not exist or is not yours.';

const ACCEPTED =
  'Upload an image (JPEG, PNG, WebP, GIF, HEIC or AVIF), audio (WebM, Ogg, MP3, WAV, M4A, FLAC or AAC), a PDF or a plain text file.';

/** Every staging key of an upload, to remove when it is not kept. */
export async function discardUpload(storage: Storage, stored: StoredUpload): Promise<void> {
  const thumbnails = stored.image ? Object.values(stored.image.thumbnails) : [];
  await Promise.all(
    [stored.staged, ...thumbnails.map(({ staged }) => staged)].map(({ stagingKey }) =>
      storage.delete(stagingKey),
    ),
  );
}

/**
 * A picture is decoded whole (no decoder works on a stream), re-encoded without metadata and
 * staged with its thumbnails under their content hashes.
 */
async function storeImage(
  storage: Storage,
  bytes: Buffer,
  type: SourceImageType,
): Promise<StoredUpload> {
  const image = await processImage(bytes, type);
  const stageBytes = (data: Buffer, folder: string, mimeType: string, extension: string) =>
    stage(storage, data, { folder, extension }, { contentType: mimeType });
  const staged = await Promise.allSettled([
    stageBytes(image.bytes, 'files', image.mimeType, extensionOf(image.mimeType)),
    stageBytes(image.thumbnails.small.bytes, 'thumbnails', 'image/webp', 'webp'),
    stageBytes(image.thumbnails.large.bytes, 'thumbnails', 'image/webp', 'webp'),
  ]);
  const [original, small, large] = staged;
  if (
    original.status !== 'fulfilled' ||
    small.status !== 'fulfilled' ||
    large.status !== 'fulfilled'
  ) {
    await Promise.all(
      staged.map((result) =>
        result.status === 'fulfilled' ? storage.delete(result.value.stagingKey) : undefined,
      ),
    );
    const failed = staged.find((result) => result.status === 'rejected');
    throw failed?.reason;
  }
  const thumbnail = (size: ThumbnailSize, stagedThumbnail: StagedObject): StagedThumbnail => ({
    staged: stagedThumbnail,
    width: image.thumbnails[size].width,
    height: image.thumbnails[size].height,
  });
  return {
    staged: original.value,
    mimeType: image.mimeType,
    image: {
      width: image.width,
      height: image.height,
      blurhash: image.blurhash,
      thumbnails: {
        small: thumbnail('small', small.value),
        large: thumbnail('large', large.value),
      },
    },
  };
}

/**
 * Streams an upload into storage, to be kept under `files/` by its content hash. The type is
 * decided from the first bytes before anything is written; the size limit is enforced as the
 * bytes arrive, and a file cut short by it is removed again. Pictures go through
 * `processImage` first (upright, no metadata, thumbnails).
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

  const drain = async () => {
    // Read the rest, so the member's browser gets the answer instead of a reset connection.
    let rest = await chunks.next();
    while (!rest.done) rest = await chunks.next();
  };
  if (isMarkup(head)) {
    await drain();
    throw fileError(`SVG and HTML files can run scripts, so they are not accepted. ${ACCEPTED}`);
  }
  const type = sniffFileType(head.subarray(0, SNIFF_BYTES), complete);
  if (!type) {
    await drain();
    throw fileError(ACCEPTED);
  }

  async function* body() {
    yield head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      yield next.value;
    }
    if (upload.truncated) throw tooLarge();
  }
  if (isSourceImage(type)) {
    const parts: Buffer[] = [];
    for await (const chunk of body()) parts.push(chunk);
    return storeImage(storage, Buffer.concat(parts), type);
  }
  const where = { folder: 'files', extension: extensionOf(type) };
  const staged = await stage(storage, body(), where, { contentType: type });
  return { staged, mimeType: type };
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

/**
 * Records staged bytes as the member's file, under the key of their content: the same bytes
 * uploaded again (by anyone) share one object. The owner's row is locked while their usage is
 * summed, so two uploads at once cannot both pass the quota. The staged bytes are removed if
 * anything fails.
 */
export async function createFile(
  { db, storage, now }: MediaDeps,
  ownerId: number,
  stored: StoredUpload,
  name: string,
  quotaBytes: number,
): Promise<FileRow> {
  const { staged, mimeType, image } = stored;
  const thumbnailBytes = thumbnailBytesOf(stored);
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
      const used = await usedBytes(tx, ownerId);
      if (used + staged.sizeBytes + thumbnailBytes > quotaBytes) {
        throw fileError(quotaExceeded(quotaBytes, used));
      }
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
          thumbnailBytes,
          createdAt: now(),
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await keep(tx, storage, staged);
      if (image) {
        await keep(tx, storage, image.thumbnails.small.staged);
        await keep(tx, storage, image.thumbnails.large.staged);
      }
      return row;
    });
  } catch (error) {
    await discardUpload(storage, stored);
    throw error;
  }
}

const storedThumbnail = ({ staged, width, height }: StagedThumbnail): StoredThumbnail => ({
  key: staged.key,
  width,
  height,
  sizeBytes: staged.sizeBytes,
});

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
 * The owner deletes their file, and its bytes and thumbnails unless another file or a discussion's audio
 * holds the same; to anyone else it does not exist (404).
 */
export async function deleteFile(
  { db, storage }: MediaDeps,
  ownerId: number,
  id: number,
): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(files)
      .where(and(eq(files.id, id), eq(files.ownerId, ownerId)))
      .returning({ storageKey: files.storageKey, image: files.image });
    if (!row) throw new AppError('not_found', NOT_YOUR_FILE);
    const thumbnails = row.image ? Object.values(row.image.thumbnails).map(({ key }) => key) : [];
    const held = [row.storageKey, ...thumbnails];
    for (const key of held) await release(tx, key);
    return held;
  });
  for (const key of keys) await sweep(db, storage, key);
}
