import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../errors';

/** How an object is stored and later served. */
export interface PutOptions {
  /** The type the bytes were found to be (sniffed, never the name's or the client's claim). */
  contentType: string;
}

export interface PresignOptions {
  /** Seconds the link works for; PRESIGN_TTL_SECONDS unless given. */
  expiresInSeconds?: number;
}

/**
 * Where uploaded bytes live: a folder on this machine, or an S3-compatible bucket that every
 * instance shares. Keys name bytes that never change (a new picture gets a new key), which is
 * what lets both serve them with year-long cache headers.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Streams the bytes under the key, replacing any object there; a failed stream leaves none. */
  put(key: string, data: Buffer | Readable, options: PutOptions): Promise<void>;
  /** The object's bytes as a stream, or null when there is no such object. */
  get(key: string): Promise<Readable | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Renames an object (a staged upload to the key its content hash gives it). */
  move(from: string, to: string, options: PutOptions): Promise<void>;
  /** Every key under a folder of keys (`files/`), in no particular order. */
  list(prefix: string): Promise<string[]>;
  /** The stable absolute URL responses carry; it serves the object, or redirects to it. */
  url(key: string): string;
  /** A link that downloads the object directly, for a limited time on S3. */
  presign(key: string, options?: PresignOptions): Promise<string>;
}

export const MEDIA_URL_PREFIX = '/media/';

/** A presigned link works an hour; the redirect to it is cached for less, so none is stale. */
export const PRESIGN_TTL_SECONDS = 3600;
export const PRESIGN_REDIRECT_MAX_AGE_SECONDS = 3000;

/** Objects are never rewritten under the same key, so caches may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Slash-separated segments of letters, digits, `.`, `_` and `-`, none starting with a dot. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const KEY_MAX_LENGTH = 512;

/** Keys come from code, but may embed member input: anything that is not a plain path is refused. */
export function checkKey(key: string): string {
  if (key.length > KEY_MAX_LENGTH || !KEY.test(key)) {
    throw new AppError('validation', 'This file name is not allowed.');
  }
  return key;
}

/** Only pictures and sound are shown in place; any other upload downloads (a PDF can script). */
export function isShownInPlace(contentType: string): boolean {
  return /^(image|audio)\//.test(contentType);
}

/** The types of what we store, by the extension each key ends with. */
const TYPE_OF_EXTENSION: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.webm': 'audio/webm',
  '.ogg': 'audio/ogg',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.flac': 'audio/flac',
  '.aac': 'audio/aac',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
};

/** A key's type from its extension; unknown ones are plain bytes, which download. */
export function contentTypeOfKey(key: string): string {
  return TYPE_OF_EXTENSION[extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** `Content-Disposition` of a served object: none for pictures and sound, which show in place. */
export function dispositionOf(contentType: string): string | undefined {
  return isShownInPlace(contentType) ? undefined : 'attachment';
}
