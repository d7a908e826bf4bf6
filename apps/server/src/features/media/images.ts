import { IMAGE_MAX_PIXELS, type ImageMimeType } from '@agora/shared';
import { encode as encodeBlurhash } from 'blurhash';
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

/** An upload made safe to serve: upright, without metadata, with its thumbnails. */
export interface ProcessedImage extends EncodedImage {
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

/** Loaded on the first picture: libvips takes ~15 MB that a server's other work never needs. */
const loadSharp = async () => (await import('sharp')).default;

/**
 * Opens the upload for sharp. HEIF goes through libheif in WebAssembly (`heic-decode`), since
 * sharp's prebuilt binaries cannot read it; its size is checked before a pixel is decoded.
 */
async function openSource(
  bytes: Buffer,
  type: SourceImageType,
): Promise<(animated: boolean) => Sharp> {
  const sharp = await loadSharp();
  const options: SharpOptions = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' };
  if (type === 'image/heif') {
    const { all } = await import('heic-decode');
    const images = await all({ buffer: bytes });
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
  const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
  if (width * height > IMAGE_MAX_PIXELS) throw fileError(TOO_MANY_PIXELS);
  // Every frame of an animation is kept; thumbnails and the placeholder need the first only.
  const animatable = type === 'image/gif' || type === 'image/webp';
  return (animated) => sharp(bytes, { ...options, animated: animated && animatable }).rotate();
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
 * Re-encodes an uploaded picture the way it is stored and served: turned upright by its EXIF
 * orientation, then written without any metadata (sharp keeps none unless told to: no EXIF,
 * no GPS position, no camera serial). Thumbnails are WebP. Refuses, on `file`, pictures over
 * IMAGE_MAX_PIXELS and bytes that do not decode.
 */
export async function processImage(bytes: Buffer, type: SourceImageType): Promise<ProcessedImage> {
  try {
    const open = await openSource(bytes, type);
    const mimeType = STORED_AS[type];
    const thumbnail = (size: ThumbnailSize) =>
      toEncoded(
        open(false)
          .resize(THUMBNAIL_SIZES[size], THUMBNAIL_SIZES[size], {
            fit: 'inside',
            withoutEnlargement: true,
          })
          .webp({ quality: 80 }),
      );
    const [stored, small, large, blurhash] = await Promise.all([
      toEncoded(encodeAs(open(true), mimeType)),
      thumbnail('small'),
      thumbnail('large'),
      blurhashOf(open(false)),
    ]);
    return { ...stored, mimeType, blurhash, thumbnails: { small, large } };
  } catch (error) {
    if (error instanceof ImageRefusal) throw error;
    throw fileError(UNREADABLE);
  }
}
