/** 16-bit mono PCM, the only shape eSpeak NG writes. */
export interface PcmAudio {
  sampleRate: number;
  samples: Int16Array;
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

function fourCc(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + 4));
}

/**
 * Reads a RIFF/WAVE file by walking its chunks, so `LIST`, `fact` or other chunks before
 * `data` are skipped rather than read as sound (the header is not always 44 bytes).
 * A `data` size of 0 or past the end of the file (a streaming writer that could not seek
 * back to fix it) is taken to mean "up to the end of the file".
 */
export function parseWav(bytes: Uint8Array): PcmAudio {
  if (bytes.length < 12 || fourCc(bytes, 0) !== 'RIFF' || fourCc(bytes, 8) !== 'WAVE') {
    throw new Error('The audio is not a WAV file: the RIFF/WAVE header is missing.');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: { audioFormat: number; channels: number; sampleRate: number; bits: number } | null =
    null;

  for (let offset = 12; offset + 8 <= bytes.length;) {
    const id = fourCc(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;

    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) {
        throw new Error('The WAV file has a truncated format chunk.');
      }
      let audioFormat = view.getUint16(body, true);
      if (audioFormat === WAVE_FORMAT_EXTENSIBLE && size >= 26) {
        audioFormat = view.getUint16(body + 24, true);
      }
      format = {
        audioFormat,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format) throw new Error('The WAV file has no format chunk before its data.');
      if (format.audioFormat !== WAVE_FORMAT_PCM || format.bits !== 16 || format.channels !== 1) {
        throw new Error(
          `The WAV file must be 16-bit mono PCM; it is format ${format.audioFormat}, ` +
            `${format.bits}-bit, ${format.channels} channel(s).`,
        );
      }
      if (format.sampleRate < 8000 || format.sampleRate > 48000) {
        throw new Error(`The WAV sample rate ${format.sampleRate} Hz is not supported.`);
      }
      const available = bytes.length - body;
      const length = size === 0 || size > available ? available : size;
      const samples = new Int16Array(length >> 1);
      for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(body + 2 * i, true);
      return { sampleRate: format.sampleRate, samples };
    }
    // Chunks are padded to an even length.
    offset = body + size + (size & 1);
  }
  throw new Error('The WAV file has no data chunk.');
}
