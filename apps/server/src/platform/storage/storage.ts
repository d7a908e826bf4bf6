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
  /** The file name a download is saved under (`downloadName`); none for the key's own. */
  downloadName?: string;
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
  /**
   * The stable absolute URL responses carry; it serves the object, or redirects to it. With
   * `downloadName`, the app's own `/media/<key>?download=<name>`: a document saved under that
   * name (on S3 through a presigned link that carries it).
   */
  url(key: string, downloadName?: string): string;
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

/** The query parameter of a `/media/` link that names the download. */
export const DOWNLOAD_PARAMETER = 'download';
const DOWNLOAD_NAME_MAX_LENGTH = 255;

/** A link to the object through the app, saved as `downloadName` when it downloads. */
export const mediaLink = (publicUrl: string, key: string, downloadName?: string): string =>
  publicUrl +
  MEDIA_URL_PREFIX +
  key +
  (downloadName ? `?${DOWNLOAD_PARAMETER}=${encodeURIComponent(downloadName)}` : '');

/** Control characters, text-direction controls, quotes and path separators: never in a name. */
const UNSAFE_IN_NAME = /[\p{Cc}\u202a-\u202e\u2066-\u2069"\\/]/gu;

/**
 * The name a download is saved under: the member's name for the file, made safe for any file
 * system, and ending with the key's own extension, so a link cannot make a PDF save as a
 * program whatever name it asks for.
 */
export function downloadFileName(key: string, requested: string): string {
  const extension = extname(key).toLowerCase();
  const base =
    requested.replace(UNSAFE_IN_NAME, '_').trim().slice(0, DOWNLOAD_NAME_MAX_LENGTH) || 'download';
  return base.toLowerCase().endsWith(extension) ? base : base + extension;
}

/** RFC 5987 encoding of a header parameter: UTF-8, percent-encoded. */
const encodeParameter = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * `Content-Disposition` of a served object: none for pictures and sound, which show in place;
 * `attachment` for the rest, with the name to save it under (RFC 6266: an ASCII `filename` for
 * old clients, the exact one in `filename*`) when the link asks for one.
 */
export function dispositionOf(contentType: string, fileName?: string): string | undefined {
  if (isShownInPlace(contentType)) return undefined;
  if (!fileName) return 'attachment';
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeParameter(fileName)}`;
}
