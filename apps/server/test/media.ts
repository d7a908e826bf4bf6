import type { UploadedFile } from '@agora/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer, type Member } from './accounts';
import type { TestApp } from './build-app';

/**
 * Upload helpers for tests: multipart forms encoded by the platform's own FormData, and the
 * first bytes of each kind of file the server accepts or refuses.
 *
 *   const response = await upload(t, ada, { file: sampleFiles.wav(), filename: 'talk.wav' });
 */

const ascii = (text: string) => Buffer.from(text, 'latin1');
const u32be = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** Real or header-true bytes of each type; enough for the server's sniffing, and small. */
export const sampleFiles = {
  /** A valid 16-bit mono PCM WAV of `samples` samples of silence at 8 kHz. */
  wav(samples = 800): Buffer {
    const header = Buffer.alloc(44);
    header.write('RIFF', 0, 'latin1');
    header.writeUInt32LE(36 + samples * 2, 4);
    header.write('WAVEfmt ', 8, 'latin1');
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(8000, 24);
    header.writeUInt32LE(16000, 28);
    header.writeUInt16LE(2, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36, 'latin1');
    header.writeUInt32LE(samples * 2, 40);
    return Buffer.concat([header, Buffer.alloc(samples * 2)]);
  },
  /** The EBML header Chromium's MediaRecorder writes, then a cluster's worth of bytes. */
  webm(): Buffer {
    return Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]),
      Buffer.from([0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
      ascii('webm'),
      Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
      Buffer.alloc(2000, 0x5a),
    ]);
  },
  /** An Ogg page whose packet is `codec` (`OpusHead` for Opus, `\x80theora` for video). */
  ogg(codec = 'OpusHead'): Buffer {
    const packet = Buffer.concat([ascii(codec), Buffer.alloc(11)]);
    const page = Buffer.alloc(27);
    page.write('OggS', 0, 'latin1');
    page.writeUInt8(2, 5);
    page.writeUInt8(1, 26);
    return Buffer.concat([page, Buffer.from([packet.length]), packet, Buffer.alloc(500)]);
  },
  /** MPEG-1 layer III frames (128 kbit/s, 44.1 kHz) of silence. */
  mp3(): Buffer {
    const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
    return Buffer.concat([frame, frame, frame]);
  },
  /** An ISO base media file of one brand (`M4A ` audio, `iso5` Safari's recorder, `qt  ` QuickTime). */
  mp4(brand = 'M4A '): Buffer {
    const ftyp = Buffer.concat([u32be(20), ascii('ftyp'), ascii(brand), u32be(0), ascii(brand)]);
    return Buffer.concat([ftyp, u32be(8), ascii('free')]);
  },
  pdf(): Buffer {
    return ascii('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
  },
  text(): Buffer {
    return Buffer.from('Meeting notes — café at 10:00.\nBring the agenda.\n', 'utf8');
  },
  png(): Buffer {
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100),
    ]);
  },
};

export interface UploadForm {
  file?: Buffer;
  filename?: string;
  /** The type the browser declares; the server ignores it. */
  declaredType?: string;
  name?: string;
  /** Put `name` after the file, as some clients do. */
  nameLast?: boolean;
  /** One more file part after `file`. */
  extraFile?: { field: string; bytes: Buffer };
}

/** The multipart body and headers a browser would send for this form. */
export async function multipart(
  form: UploadForm,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const data = new FormData();
  const name = () => {
    if (form.name !== undefined) data.append('name', form.name);
  };
  if (!form.nameLast) name();
  if (form.file) {
    const blob = new Blob([new Uint8Array(form.file)], { type: form.declaredType ?? '' });
    data.append('file', blob, form.filename ?? 'upload.bin');
  }
  if (form.extraFile) {
    data.append(form.extraFile.field, new Blob([new Uint8Array(form.extraFile.bytes)]), 'more');
  }
  if (form.nameLast) name();
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** POST /api/common/files/ as `member` (signed out when null). */
export async function upload(
  t: TestApp,
  member: Member | null,
  form: UploadForm,
  url = '/api/common/files/',
): Promise<LightMyRequestResponse> {
  const { payload, headers } = await multipart(form);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(member ? bearer(member.access) : {}) },
  });
}

/** Uploads a file that must be accepted, and returns it. */
export async function uploadFile(
  t: TestApp,
  member: Member,
  file: Buffer,
  name = 'recording.webm 2026-03-01 10:00:00',
): Promise<UploadedFile> {
  const response = await upload(t, member, { file, filename: 'recording', name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<UploadedFile>();
}
