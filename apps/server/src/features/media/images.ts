import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { IMAGE_MAX_PIXELS, type ImageMimeType } from '@agora/shared';
import { encode as encodeBlurhash } from 'blurhash';
import type SharpModule from 'sharp';
import type { Sharp, SharpOptions } from 'sharp';
import type { SourceImageType } from './file-type';

/** Longest side of each thumbnail; a smaller picture keeps its own size. */
export const THUMBNAIL_SIZES = { small: 320, large: 1280 } as const;
export type ThumbnailSize = keyof typeof THUMBNAIL_SIZES;

/** Encoded bytes of a picture and the pixels they show. */
export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * An upload made safe to serve: upright, without metadata (written to the file asked for), with
 * its thumbnails.
 */
export interface ProcessedImage {
  width: number;
  height: number;
  mimeType: ImageMimeType;
  blurhash: string;
  thumbnails: Record<ThumbnailSize, EncodedImage>;
}

/** A picture refused for what it is; the caller names the form field it came in. */
export class ImageRefusal extends Error {
  override name = 'ImageRefusal';
}
const fileError = (message: string) => new ImageRefusal(message);
const UNREADABLE = 'This image could not be read; upload another one.';
const TOO_MANY_PIXELS = `This image is larger than ${IMAGE_MAX_PIXELS / 1_000_000} megapixels; upload a smaller one.`;

/** What each uploaded type is stored as: browsers other than Safari show no HEIC, few AVIF. */
const STORED_AS: Record<SourceImageType, ImageMimeType> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/webp': 'image/webp',
  'image/gif': 'image/gif',
  'image/heif': 'image/jpeg',
  'image/avif': 'image/jpeg',
};

/** BlurHash components: 4×3 suits the landscape pictures most members share. */
const BLURHASH_X = 4;
const BLURHASH_Y = 3;
/** A BlurHash only keeps a few colours: 32 px is all its encoder needs to read. */
const BLURHASH_INPUT = 32;

/**
 * Loaded on the first picture: libvips takes ~15 MB that a server's other work never needs.
 * Memory is what limits pictures here, not CPU (a 12 MP photo decodes to 36 MB): libvips keeps
 * no cache of past operations and one thread per picture, which also keeps glibc from opening
 * an allocation arena per thread that it never gives back.
 */
let sharpModule: Promise<typeof SharpModule> | undefined;
const loadSharp = () => {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpModule;
};

/**
 * Pictures decoded at once: one per core but one, left to the event loop (HTTP, hashing,
 * storage, the database). The others wait their turn on disk (`store-upload.ts` spools them),
 * so 20 members uploading 5 MB photos at once hold one or two pictures in memory, not twenty:
 * on 2 cores, 1.2 uploads/s at 343 MB RSS peak (two at once: 1.5/s but 389 MB, too near the
 * 400 MB the bench allows; `npm run bench -- media`).
 */
const PICTURES_AT_ONCE = Math.max(1, availableParallelism() - 1);
let picturesRunning = 0;
const pictureTurns: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (picturesRunning >= PICTURES_AT_ONCE) {
    await new Promise<void>((resolve) => pictureTurns.push(resolve));
  } else {
    picturesRunning += 1;
  }
  try {
    return await work();
  } finally {
    // The turn passes straight to the next waiter, or frees the slot.
    const next = pictureTurns.shift();
    if (next) next();
    else picturesRunning -= 1;
  }
}

/**
 * Opens the upload for sharp. HEIF goes through libheif in WebAssembly (`heic-decode`), since
 * sharp's prebuilt binaries cannot read it; its size is checked before a pixel is decoded.
 */
async function openSource(
  path: string,
  type: SourceImageType,
): Promise<(animated: boolean) => Sharp> {
  const sharp = await loadSharp();
  const options: SharpOptions = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' };
  if (type === 'image/heif') {
    const { all } = await import('heic-decode');
    const images = await all({ buffer: await readFile(path) });
    try {
      const first = images[0];
      if (!first) throw fileError(UNREADABLE);
      if (first.width * first.height > IMAGE_MAX_PIXELS) throw fileError(TOO_MANY_PIXELS);
      const { width, height, data } = await first.decode();
      const pixels = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      // libheif has already turned the picture upright (the HEIF `irot` box).
      return () => sharp(pixels, { ...options, raw: { width, height, channels: 4 } });
    } finally {
      images.dispose();
    }
  }
  const { width = 0, height = 0 } = await sharp(path, { limitInputPixels: false }).metadata();
  if (width * height > IMAGE_MAX_PIXELS) throw fileError(TOO_MANY_PIXELS);
  // Every frame of an animation is kept; thumbnails and the placeholder need the first only.
  const animatable = type === 'image/gif' || type === 'image/webp';
  return (animated) => sharp(path, { ...options, animated: animated && animatable }).rotate();
}

function encodeAs(image: Sharp, mimeType: ImageMimeType): Sharp {
  switch (mimeType) {
    case 'image/jpeg':
      return image.jpeg({ quality: 90 });
    case 'image/png':
      return image.png();
    case 'image/webp':
      return image.webp({ quality: 90 });
    case 'image/gif':
      return image.gif();
  }
}

async function toEncoded(image: Sharp): Promise<EncodedImage> {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
}

async function blurhashOf(image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize(BLURHASH_INPUT, BLURHASH_INPUT, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return encodeBlurhash(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    info.width,
    info.height,
    BLURHASH_X,
    BLURHASH_Y,
  );
}

/**
 * Re-encodes an uploaded picture (the file at `path`, into `storedPath`) the way it is stored and served: turned upright by its EXIF
 * orientation, then written without any metadata (sharp keeps none unless told to: no EXIF,
 * no GPS position, no camera serial). Thumbnails are WebP. Refuses (`ImageRefusal`) pictures
 * over IMAGE_MAX_PIXELS and bytes that do not decode. Waits its turn: PICTURES_AT_ONCE.
 */
export function processImage(
  path: string,
  type: SourceImageType,
  storedPath: string,
): Promise<ProcessedImage> {
  return inTurn(() => processInTurn(path, type, storedPath));
}

async function processInTurn(
  path: string,
  type: SourceImageType,
  storedPath: string,
): Promise<ProcessedImage> {
  try {
    const open = await openSource(path, type);
    const mimeType = STORED_AS[type];
    // To a file: the whole picture re-encoded never sits in memory (libvips writes it as it goes).
    const written = await encodeAs(open(true), mimeType).toFile(storedPath);
    // The thumbnails and the placeholder come from one decode at the large size (JPEG and WebP
    // decode straight to it, shrinking on load), not from the whole picture each.
    const fit = { fit: 'inside', withoutEnlargement: true } as const;
    const { data, info } = await open(false)
      .resize(THUMBNAIL_SIZES.large, THUMBNAIL_SIZES.large, fit)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const sharp = await loadSharp();
    const fromLarge = () =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const large = await toEncoded(fromLarge().webp({ quality: 80 }));
    const small = await toEncoded(
      fromLarge().resize(THUMBNAIL_SIZES.small, THUMBNAIL_SIZES.small, fit).webp({ quality: 80 }),
    );
    const blurhash = await blurhashOf(fromLarge());
    const width = written.width;
    const height = written.pageHeight ?? written.height;
    return { width, height, mimeType, blurhash, thumbnails: { small, large } };
  } catch (error) {
    if (error instanceof ImageRefusal) throw error;
    throw fileError(UNREADABLE);
  }
}
