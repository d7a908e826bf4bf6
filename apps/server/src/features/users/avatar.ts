import { AppError } from '../../platform/errors';

export const AVATAR_SIZE = 256;

type ImageType = 'jpeg' | 'png' | 'webp' | 'gif';

/** The image type by its first bytes; the name and the declared type are not trusted. */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  return undefined;
}

const avatarError = (message: string) => AppError.fields({ avatar: [message] });

/** A square 256×256 WebP of the upload (first frame of an animation, EXIF orientation applied). */
export async function encodeAvatar(bytes: Buffer): Promise<Buffer> {
  const type = sniffImageType(bytes);
  if (!type) throw avatarError('Upload a JPEG, PNG, WebP or GIF image.');
  // Loaded on the first avatar: libvips takes ~15 MB that a server's other work never needs.
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw avatarError('This image could not be read; upload another one.');
  }
}
