import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileMimeType } from '@agora/shared';
import type { UploadLimit } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { stage, type StagedObject, type Storage } from '../../platform/storage';
import {
  extensionOf,
  isMarkup,
  SNIFF_BYTES,
  sniffFileType,
  type SniffedType,
  type SourceImageType,
} from './file-type';
import { ImageRefusal, processImage, type ThumbnailSize } from './images';

const SOURCE_IMAGE_TYPES: ReadonlySet<SniffedType> = new Set<SourceImageType>([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heif',
  'image/avif',
]);
const isSourceImage = (type: SniffedType): type is SourceImageType => SOURCE_IMAGE_TYPES.has(type);

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

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;
export const sizeText = (bytes: number) => {
  if (bytes >= GB) return `${Math.floor((bytes / GB) * 10) / 10} GB`;
  if (bytes >= MB) return `${Math.floor(bytes / MB)} MB`;
  return bytes >= KB ? `${Math.floor(bytes / KB)} KB` : `${bytes} bytes`;
};

/** What every member may upload: files of at most `maxBytes`. */
export const usualUploadLimit = (maxBytes: number): UploadLimit => ({
  maxBytes,
  tooLarge: `Choose a file of at most ${sizeText(maxBytes)}.`,
});

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
 * A picture, spooled to `folder`, is decoded whole (no decoder works on a stream), re-encoded
 * without metadata into the same folder and staged from there with its thumbnails under their
 * content hashes.
 */
async function storeImage(
  storage: Storage,
  folder: string,
  type: SourceImageType,
): Promise<StoredUpload> {
  const storedPath = join(folder, 'stored');
  const image = await processImage(join(folder, 'upload'), type, storedPath);
  const stageBytes = (
    data: Buffer | AsyncIterable<Buffer>,
    where: string,
    mimeType: string,
    extension: string,
  ) => stage(storage, data, { folder: where, extension }, { contentType: mimeType });
  const staged = await Promise.allSettled([
    stageBytes(createReadStream(storedPath), 'files', image.mimeType, extensionOf(image.mimeType)),
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

/** What an upload field accepts: every allowed type, or pictures only (an album's). */
export interface UploadRules {
  /** The form field, named by a refusal. */
  field: string;
  imagesOnly?: boolean;
  /** The refusal of a file that is not a picture, when `imagesOnly`. */
  notAnImage?: string;
}

/**
 * Too large for what this member may store now (the size limit, or what is left of their
 * quota): 413, the status a client expects for a body over a limit.
 */
export const tooLargeError = (message: string) => new AppError('payload_too_large', message);

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
  rules: UploadRules = { field: 'file' },
): Promise<StoredUpload> {
  const fileError = (message: string) => AppError.fields({ [rules.field]: [message] });
  const accepted = rules.imagesOnly && rules.notAnImage ? rules.notAnImage : ACCEPTED;
  const tooLarge = () => tooLargeError(limit.tooLarge);
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
    throw fileError(`SVG and HTML files can run scripts, so they are not accepted. ${accepted}`);
  }
  const type = sniffFileType(head.subarray(0, SNIFF_BYTES), complete);
  if (!type || (rules.imagesOnly && !isSourceImage(type))) {
    await drain();
    throw fileError(accepted);
  }

  async function* body() {
    yield head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      yield next.value;
    }
    if (upload.truncated) throw tooLarge();
  }
  if (isSourceImage(type)) {
    const folder = await mkdtemp(join(tmpdir(), 'agora-picture-'));
    try {
      // To disk first, never whole in memory: it may wait there for its turn to be decoded.
      await pipeline(Readable.from(body()), createWriteStream(join(folder, 'upload')));
      return await storeImage(storage, folder, type);
    } catch (error) {
      throw error instanceof ImageRefusal ? fileError(error.message) : error;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
  const where = { folder: 'files', extension: extensionOf(type) };
  const staged = await stage(storage, body(), where, { contentType: type });
  return { staged, mimeType: type };
}
