import { describe, expect, it } from 'vitest';
import { parseWav } from './wav';

interface Chunk {
  id: string;
  body: Buffer;
  /** Written in the header instead of the body's length. */
  size?: number;
}

function chunk({ id, body, size }: Chunk): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'ascii');
  header.writeUInt32LE(size ?? body.length, 4);
  return Buffer.concat([header, body, Buffer.alloc(body.length & 1)]);
}

function fmt({ format = 1, channels = 1, sampleRate = 22050, bits = 16 } = {}): Chunk {
  const body = Buffer.alloc(16);
  body.writeUInt16LE(format, 0);
  body.writeUInt16LE(channels, 2);
  body.writeUInt32LE(sampleRate, 4);
  body.writeUInt32LE((sampleRate * channels * bits) / 8, 8);
  body.writeUInt16LE((channels * bits) / 8, 12);
  body.writeUInt16LE(bits, 14);
  return { id: 'fmt ', body };
}

function pcm(...samples: number[]): Buffer {
  const body = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => body.writeInt16LE(sample, i * 2));
  return body;
}

function wav(...chunks: Chunk[]): Uint8Array {
  const body = Buffer.concat([Buffer.from('WAVE'), ...chunks.map(chunk)]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(body.length, 4);
  return new Uint8Array(Buffer.concat([riff, body]));
}

describe('parseWav', () => {
  it('reads the sample rate and the little-endian samples of a plain 44-byte-header file', () => {
    const audio = parseWav(wav(fmt(), { id: 'data', body: pcm(0, 1, -1, 32767, -32768) }));
    expect(audio.sampleRate).toBe(22050);
    expect([...audio.samples]).toEqual([0, 1, -1, 32767, -32768]);
  });

  it('finds the data chunk after other chunks, including an odd-sized, padded one', () => {
    const audio = parseWav(
      wav(
        { id: 'LIST', body: Buffer.from('INFOISFT\x05\x00\x00\x00Agora') },
        fmt({ sampleRate: 16000 }),
        { id: 'fact', body: Buffer.alloc(4) },
        { id: 'data', body: pcm(5, 6, 7) },
      ),
    );
    expect(audio.sampleRate).toBe(16000);
    expect([...audio.samples]).toEqual([5, 6, 7]);
  });

  it('reads a data chunk whose size was never filled in up to the end of the file', () => {
    for (const size of [0, 0xffffffff]) {
      const audio = parseWav(wav(fmt(), { id: 'data', body: pcm(1, 2, 3), size }));
      expect([...audio.samples]).toEqual([1, 2, 3]);
    }
  });

  it('works on a view into a larger, unaligned buffer', () => {
    const file = wav(fmt(), { id: 'data', body: pcm(9, -9) });
    const larger = new Uint8Array(file.length + 3);
    larger.set(file, 1);
    expect([...parseWav(larger.subarray(1, 1 + file.length)).samples]).toEqual([9, -9]);
  });

  it('rejects what is not 16-bit mono PCM WAV, saying why', () => {
    expect(() => parseWav(new TextEncoder().encode('ID3 not a wav file'))).toThrow(
      'RIFF/WAVE header is missing',
    );
    expect(() => parseWav(wav(fmt({ channels: 2 }), { id: 'data', body: pcm(1, 2) }))).toThrow(
      '16-bit mono PCM; it is format 1, 16-bit, 2 channel(s)',
    );
    expect(() =>
      parseWav(wav(fmt({ format: 3, bits: 32 }), { id: 'data', body: pcm(1, 2) })),
    ).toThrow('must be 16-bit mono PCM');
    expect(() => parseWav(wav({ id: 'data', body: pcm(1) }, fmt()))).toThrow('no format chunk');
    expect(() => parseWav(wav(fmt()))).toThrow('no data chunk');
  });
});
