import type { FileMimeType, ImageMimeType } from '@agora/shared';

/**
 * Pictures as uploaded. HEIF (iPhone photos) and AVIF are decoded and stored as JPEG; the
 * others keep their type.
 */
export type SourceImageType = ImageMimeType | 'image/heif' | 'image/avif';

/** What an upload is found to be: a picture to decode, or bytes stored as they came. */
export type SniffedType = FileMimeType | SourceImageType;

/** Bytes read before deciding: enough for every signature below and a text check. */
export const SNIFF_BYTES = 4096;

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

/** ISO base media brands of audio-only files (iTunes M4A/M4B, 3GPP audio). */
const MP4_AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'F4A ', '3gp4', '3gp5', '3gp6']);
/**
 * General MP4 brands. Safari's and Chromium's MediaRecorder write audio-only recordings with
 * them, so they count as audio: an `<audio>` element plays the sound track of any of them.
 */
const MP4_GENERAL_BRANDS = new Set(['isom', 'iso2', 'iso5', 'iso6', 'mp41', 'mp42', 'dash']);

/** ISO base media brands of HEIF pictures (`heic` from iPhones, `mif1` generic) and of AVIF. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** HEIF and AVIF share MP4's box format: the major brand tells them from sound. */
function sniffHeif(head: Buffer): SourceImageType | undefined {
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp') return undefined;
  const brand = ascii(head, 8, 12);
  if (AVIF_BRANDS.has(brand)) return 'image/avif';
  return HEIF_BRANDS.has(brand) ? 'image/heif' : undefined;
}

function sniffImage(head: Buffer): SourceImageType | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return 'image/jpeg';
  }
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  return sniffHeif(head);
}

/**
 * SVG and HTML are text that a browser runs: refused outright rather than kept as plain text,
 * so no one mistakes a stored copy for a picture or a page.
 */
export function isMarkup(head: Buffer): boolean {
  const start = head
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (!start.startsWith('<')) return false;
  return /<(svg|html|!doctype html|script|body|head|iframe)[\s>/]/.test(start);
}

function sniffMp4(head: Buffer): FileMimeType | undefined {
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp') return undefined;
  const boxEnd = Math.min(head.readUInt32BE(0), head.length);
  // The major brand, then the compatible brands.
  const brands = [ascii(head, 8, 12)];
  for (let offset = 16; offset + 4 <= boxEnd; offset += 4) {
    brands.push(ascii(head, offset, offset + 4));
  }
  if (brands.some((brand) => MP4_AUDIO_BRANDS.has(brand) || MP4_GENERAL_BRANDS.has(brand))) {
    return 'audio/mp4';
  }
  return undefined;
}

/** EBML with the `webm` doc type, as MediaRecorder writes it in Chromium and Firefox. */
function sniffWebm(head: Buffer): FileMimeType | undefined {
  if (head.length < 4 || head.readUInt32BE(0) !== 0x1a45dfa3) return undefined;
  // The DocType element (id 0x4282) sits in the EBML header, within its first few dozen bytes.
  const docType = head.subarray(0, 64).indexOf(Buffer.from([0x42, 0x82]));
  if (docType < 0) return undefined;
  return ascii(head, docType + 3, docType + 7) === 'webm' ? 'audio/webm' : undefined;
}

/** Ogg whose first stream is a sound codec (Opus, Vorbis, FLAC, Speex), not Theora video. */
function sniffOgg(head: Buffer): FileMimeType | undefined {
  if (ascii(head, 0, 4) !== 'OggS' || head.length < 28) return undefined;
  // The first page carries the codec's identification header right after its segment table.
  const packet = 27 + head.readUInt8(26);
  const codec = ascii(head, packet, packet + 8);
  const audio =
    codec.startsWith('OpusHead') ||
    codec.startsWith('\x01vorbis') ||
    codec.startsWith('\x7fFLAC') ||
    codec.startsWith('Speex');
  return audio ? 'audio/ogg' : undefined;
}

/** MPEG audio: an ID3v2 tag or an MP3 frame header; or AAC in ADTS frames (layer bits 00). */
function sniffMpegAudio(head: Buffer): FileMimeType | undefined {
  if (ascii(head, 0, 3) === 'ID3') return 'audio/mpeg';
  if (head.length < 4 || head[0] !== 0xff) return undefined;
  const second = head[1] ?? 0;
  if ((second & 0xe0) !== 0xe0) return undefined;
  const version = (second >> 3) & 0b11;
  const layer = (second >> 1) & 0b11;
  if (layer === 0b00) {
    // ADTS: the 12-bit sync word, then MPEG-4 or MPEG-2.
    return (second & 0xf6) === 0xf0 ? 'audio/aac' : undefined;
  }
  const bitrateIndex = (head[2] ?? 0) >> 4;
  const sampleRateIndex = ((head[2] ?? 0) >> 2) & 0b11;
  const valid = version !== 0b01 && bitrateIndex !== 0b1111 && sampleRateIndex !== 0b11;
  return valid ? 'audio/mpeg' : undefined;
}

/** UTF-8 text without control characters other than tab, line breaks and form feed. */
function sniffText(head: Buffer, complete: boolean): FileMimeType | undefined {
  if (head.length === 0) return undefined;
  try {
    // `stream: true` unless this is the whole file: a character cut at the end is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !complete });
  } catch {
    return undefined;
  }
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) {
      return undefined;
    }
    if (byte === 0x7f) return undefined;
  }
  return 'text/plain';
}

/**
 * The type of a file from its first bytes (up to `SNIFF_BYTES`); `complete` says the head is
 * the whole file. Undefined for any type Agora does not accept.
 */
export function sniffFileType(head: Buffer, complete = false): SniffedType | undefined {
  const image = sniffImage(head);
  if (image) return image;
  if (isMarkup(head)) return undefined;
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') {
    return 'audio/wav';
  }
  if (ascii(head, 0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  return (
    sniffWebm(head) ??
    sniffOgg(head) ??
    sniffMp4(head) ??
    sniffMpegAudio(head) ??
    sniffText(head, complete)
  );
}

const EXTENSIONS: Record<FileMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/mp4': 'm4a',
  'audio/flac': 'flac',
  'audio/aac': 'aac',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
};

/**
 * The extension a stored file of this type gets: local storage serves a file with the type its
 * extension says.
 */
export function extensionOf(mimeType: FileMimeType): string {
  return EXTENSIONS[mimeType];
}
