import sharp from 'sharp';

/** A file as Playwright's `setInputFiles` takes it. */
export interface InputFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const canvas = (width: number, height: number, [r, g, b]: [number, number, number]) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } });

/**
 * A phone's portrait photo as cameras store it: the pixels lie landscape (400×300) and EXIF
 * orientation 6 says to turn them a quarter clockwise, so it shows 300 wide and 400 tall. A
 * band along the top of the stored pixels ends up on the right once turned.
 */
export async function portraitStoredLandscape(name: string): Promise<InputFile> {
  const band = await canvas(400, 60, [20, 20, 20]).png().toBuffer();
  const buffer = await canvas(400, 300, [214, 92, 60])
    .composite([{ input: band, top: 0, left: 0 }])
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** A landscape JPEG, with no orientation to apply. */
export async function landscapeJpeg(name: string): Promise<InputFile> {
  const buffer = await canvas(640, 400, [60, 130, 200]).jpeg({ quality: 85 }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** A square PNG. */
export async function squarePng(name: string): Promise<InputFile> {
  const buffer = await canvas(360, 360, [90, 170, 90]).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Text calling itself a JPEG: the server reads the bytes and refuses it. */
export function fakeJpeg(name: string): InputFile {
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all\n') };
}

/** The smallest PDF a reader opens: one empty page. */
export function tinyPdf(name: string): InputFile {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n');
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body) };
}
