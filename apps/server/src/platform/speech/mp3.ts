import { Mp3Encoder } from '@breezystack/lamejs';
import type { Mp3BitrateKbps } from './mp3-bitrates';

/** Samples handed to the encoder per call: one MPEG-1 frame, two MPEG-2 (≤ 24 kHz) frames. */
export const ENCODE_BLOCK_SAMPLES = 1152;

/** Mono MP3 (constant bit rate) from 16-bit samples, with lamejs (pure JavaScript). */
export function encodeMp3(
  samples: Int16Array,
  sampleRate: number,
  bitrateKbps: Mp3BitrateKbps,
): Uint8Array<ArrayBuffer> {
  const encoder = new Mp3Encoder(1, sampleRate, bitrateKbps);
  const parts: Uint8Array[] = [];
  const keep = (part: Uint8Array) => {
    // lamejs hands back Int8Arrays; look at the same bytes as unsigned.
    if (part.length > 0) parts.push(new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
  };
  for (let start = 0; start < samples.length; start += ENCODE_BLOCK_SAMPLES) {
    keep(encoder.encodeBuffer(samples.subarray(start, start + ENCODE_BLOCK_SAMPLES)));
  }
  keep(encoder.flush());

  const mp3 = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    mp3.set(part, offset);
    offset += part.length;
  }
  return mp3;
}
