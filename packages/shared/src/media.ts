import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from './constants';
import { zPage, ZPageQuery } from './pagination';
import { zLabel } from './text';

/**
 * Media contracts: files members upload (`/api/common/files/`: POST, GET the member's own list,
 * DELETE `files/{id}/`, GET `files/usage/`). A file's type is sniffed by the server from its
 * first bytes; the name and the declared type are not trusted.
 */

/** Audio a browser can play: MediaRecorder's WebM/Opus (Chromium), Ogg, MP3, WAV, M4A, FLAC, AAC. */
export const AUDIO_MIME_TYPES = [
  'audio/webm',
  'audio/ogg',
  'audio/mpeg',
  'audio/wav',
  'audio/mp4',
  'audio/flac',
  'audio/aac',
] as const;
export type AudioMimeType = (typeof AUDIO_MIME_TYPES)[number];

/** Documents: PDF and UTF-8 plain text. */
export const DOCUMENT_MIME_TYPES = ['application/pdf', 'text/plain'] as const;

/**
 * Pictures as stored: a HEIC or AVIF upload is stored as JPEG, which every browser shows. Each
 * is re-encoded upright and without metadata (no GPS position leaves the uploader's phone).
 */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

/** Pictures of more pixels are refused: decoding one takes ~200 MB of memory per 50 MP. */
export const IMAGE_MAX_PIXELS = 50_000_000;

export const FILE_MIME_TYPES = [
  ...IMAGE_MIME_TYPES,
  ...AUDIO_MIME_TYPES,
  ...DOCUMENT_MIME_TYPES,
] as const;
export type FileMimeType = (typeof FILE_MIME_TYPES)[number];

export function isAudioMimeType(mimeType: string): mimeType is AudioMimeType {
  return (AUDIO_MIME_TYPES as readonly string[]).includes(mimeType);
}

export const FILE_NAME_MAX_LENGTH = 255;
/** Largest file accepted; the same limit as every upload (SPEC §9: 100 MB). */
export const FILE_MAX_BYTES = UPLOAD_MAX_BYTES;

const pad = (value: number) => String(value).padStart(2, '0');

/** A UTC time as SPEC §3 writes it in upload names: 'YYYY-MM-DD HH:MM:SS'. */
export function uploadTimestamp(at: Date): string {
  return (
    `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ` +
    `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`
  );
}

/**
 * The `name` sent with an upload (SPEC §3): the original file name plus the UTC time, e.g.
 * `talk.webm 2026-03-01 10:00:00`. A long original name is shortened so the whole fits.
 */
export function uploadName(originalName: string, at: Date): string {
  const stamp = ` ${uploadTimestamp(at)}`;
  return originalName.trim().slice(0, FILE_NAME_MAX_LENGTH - stamp.length) + stamp;
}

/** The `name` field of POST `files/`. */
export const ZUploadName = zLabel('Give the file a name.')
  .trim()
  .min(1, 'Give the file a name.')
  .max(FILE_NAME_MAX_LENGTH, `Use a name of at most ${FILE_NAME_MAX_LENGTH} characters.`);

/** `{id}` in `files/{id}/`. */
export const ZFileParams = z.object({
  id: z.coerce.number('Use a numeric id.').int('Use a numeric id.').positive('Use a numeric id.'),
});

/** A WebP copy of a picture, at most `width` × `height` pixels. */
export const ZThumbnail = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Thumbnail = z.infer<typeof ZThumbnail>;

/** What a picture adds to its file: its size, a placeholder to show while it loads, thumbnails. */
export const ZImageDetails = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** A BlurHash (blurha.sh) of the picture, drawn before any of its bytes arrive. */
  blurhash: z.string(),
  /** `small` fits grids and lists (320 px), `large` a lightbox on a phone (1280 px). */
  thumbnails: z.object({ small: ZThumbnail, large: ZThumbnail }),
});
export type ImageDetails = z.infer<typeof ZImageDetails>;

/** 201 of POST `files/`. */
export const ZUploadedFile = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** Where the file is served. */
  url: z.string(),
  mimeType: z.enum(FILE_MIME_TYPES),
  sizeBytes: z.number().int().positive(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Null unless the file is a picture. */
  image: ZImageDetails.nullable(),
});
export type UploadedFile = z.infer<typeof ZUploadedFile>;

/**
 * GET `files/usage/`: what the member's uploads take, originals and thumbnails together, against
 * their quota (`UPLOAD_QUOTA_BYTES`).
 */
export const ZUploadUsage = z.object({
  usedBytes: z.number().int().nonnegative(),
  limitBytes: z.number().int().positive(),
  leftBytes: z.number().int().nonnegative(),
});
export type UploadUsage = z.infer<typeof ZUploadUsage>;

/**
 * GET `files/`: the member's own files, newest first. Their albums' pictures are not among them:
 * they are listed, changed and deleted with their albums.
 */
export const ZFileListQuery = ZPageQuery;
export type FileListQuery = z.input<typeof ZFileListQuery>;
export const ZUploadedFilePage = zPage(ZUploadedFile);
export type UploadedFilePage = z.infer<typeof ZUploadedFilePage>;
