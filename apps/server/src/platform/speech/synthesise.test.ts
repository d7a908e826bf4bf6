import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { MAX_SPEECH_TEXT_LENGTH, speechQueueStats, synthesiseSpeech } from './synthesise';

interface FrameHeader {
  version: 'MPEG-1' | 'MPEG-2' | 'MPEG-2.5';
  layer: number;
  bitrateKbps: number;
  sampleRate: number;
  mono: boolean;
  length: number;
  samples: number;
}

const SAMPLE_RATES = {
  'MPEG-1': [44100, 48000, 32000],
  'MPEG-2': [22050, 24000, 16000],
  'MPEG-2.5': [11025, 12000, 8000],
};
const LAYER3_KBPS = {
  'MPEG-1': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  'MPEG-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};

/** Decodes the 4-byte MPEG audio frame header at `offset` (ISO 11172-3 / 13818-3). */
function frameHeaderAt(mp3: Buffer, offset: number): FrameHeader {
  const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = mp3.subarray(offset, offset + 4);
  expect(b0 === 0xff && (b1 & 0xe0) === 0xe0, `frame sync at byte ${offset}`).toBe(true);
  const version = (['MPEG-2.5', null, 'MPEG-2', 'MPEG-1'] as const)[(b1 >> 3) & 3];
  if (!version) throw new Error(`reserved MPEG version at byte ${offset}`);
  const layer = 4 - ((b1 >> 1) & 3);
  const bitrateKbps = LAYER3_KBPS[version === 'MPEG-1' ? 'MPEG-1' : 'MPEG-2'][b2 >> 4] ?? 0;
  const sampleRate = SAMPLE_RATES[version][(b2 >> 2) & 3] ?? 0;
  const padding = (b2 >> 1) & 1;
  const samples = version === 'MPEG-1' ? 1152 : 576;
  return {
    version,
    layer,
    bitrateKbps,
    sampleRate,
    mono: b3 >> 6 === 3,
    length: Math.floor(((samples / 8) * bitrateKbps * 1000) / sampleRate) + padding,
    samples,
  };
}

/** Skips an ID3v2 tag if there is one, then walks every frame to the end of the file. */
function mp3Frames(mp3: Buffer): FrameHeader[] {
  let offset = 0;
  if (mp3.subarray(0, 3).toString('latin1') === 'ID3') {
    const size = [6, 7, 8, 9].reduce((total, i) => (total << 7) | ((mp3[i] ?? 0) & 0x7f), 0);
    offset = 10 + size;
  }
  const frames: FrameHeader[] = [];
  while (offset < mp3.length) {
    const frame = frameHeaderAt(mp3, offset);
    expect(frame.length).toBeGreaterThan(4);
    frames.push(frame);
    offset += frame.length;
  }
  expect(offset).toBe(mp3.length);
  return frames;
}

const HELLO = 'Hello world, welcome to Agora.';

// Real synthesis: each job starts a worker thread (~0.7 s) and a WebAssembly instance.
describe('synthesiseSpeech', { timeout: 60_000 }, () => {
  it('turns a short text into a valid mono MP3 at 22,050 Hz of the right length', async () => {
    const { mp3, durationSeconds } = await synthesiseSpeech(HELLO);

    expect(mp3.subarray(0, 3).toString('latin1') === 'ID3' || mp3[0] === 0xff).toBe(true);
    const frames = mp3Frames(mp3);
    expect(frames[0]).toMatchObject({
      version: 'MPEG-2',
      layer: 3,
      sampleRate: 22050,
      bitrateKbps: 48,
      mono: true,
    });
    expect(
      new Set(frames.map((f) => `${f.version} ${f.layer} ${f.sampleRate} ${f.bitrateKbps}`)).size,
    ).toBe(1);

    expect(durationSeconds).toBeGreaterThan(1);
    expect(durationSeconds).toBeLessThan(5);
    // The frames hold the samples plus the encoder's delay and padding (a few frames).
    const framesSeconds = (frames.length * 576) / 22050;
    expect(framesSeconds).toBeGreaterThanOrEqual(durationSeconds);
    expect(framesSeconds - durationSeconds).toBeLessThan(0.2);
    // Constant 48 kbit/s.
    expect(mp3.length).toBeCloseTo((framesSeconds * 48000) / 8, -3);
  });

  it('honours the voice, rate and bit rate options', async () => {
    const slow = await synthesiseSpeech(HELLO, {
      wordsPerMinute: 100,
      voice: 'en-gb',
      bitrateKbps: 64,
    });
    const fast = await synthesiseSpeech(HELLO, { wordsPerMinute: 300 });
    expect(mp3Frames(slow.mp3)[0]).toMatchObject({ bitrateKbps: 64, sampleRate: 22050 });
    expect(slow.durationSeconds).toBeGreaterThan(fast.durationSeconds * 1.5);
  });

  it('runs concurrent calls one after the other, and both succeed', async () => {
    const samples: { running: number; waiting: number }[] = [];
    const sample = () => samples.push(speechQueueStats());

    const calls = [
      synthesiseSpeech(HELLO),
      synthesiseSpeech('A second post, read after the first.'),
    ];
    sample();
    expect(speechQueueStats()).toMatchObject({ running: 1, waiting: 1 });
    // Watch the queue on every turn of the event loop until both are done.
    const watcher = setInterval(sample, 1);
    const results = await Promise.all(calls).finally(() => clearInterval(watcher));

    for (const { mp3, durationSeconds } of results) {
      expect(mp3Frames(mp3).length).toBeGreaterThan(10);
      expect(durationSeconds).toBeGreaterThan(1);
    }
    expect(samples.length).toBeGreaterThan(5);
    expect(Math.max(...samples.map((s) => s.running))).toBe(1);
    // `running` lasts until the worker thread has exited, so this covers the WASM instances.
    expect(speechQueueStats()).toEqual({ running: 0, waiting: 0, peakRunning: 1 });
  });

  it('rejects empty and over-long text with a clear message, without queueing it', async () => {
    for (const text of ['', '  \n\t ']) {
      await expect(synthesiseSpeech(text)).rejects.toThrow(
        new AppError('validation', 'There is no text to read aloud.'),
      );
    }
    const tooLong = 'word '.repeat(MAX_SPEECH_TEXT_LENGTH / 5) + 'x';
    const error = await synthesiseSpeech(tooLong).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 400,
      message:
        'This text is too long to read aloud: it has 60,001 characters and at most 60,000 can be synthesised.',
    });
    expect(speechQueueStats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('rejects bad options before running anything', async () => {
    await expect(synthesiseSpeech(HELLO, { voice: '--path=/etc' })).rejects.toThrow(
      '"--path=/etc" is not a voice name.',
    );
    await expect(synthesiseSpeech(HELLO, { wordsPerMinute: 5000 })).rejects.toThrow(
      'speaking rate must be 80 to 450',
    );
    await expect(synthesiseSpeech(HELLO, { bitrateKbps: 320 as 64 })).rejects.toThrow(
      'bit rate must be one of 48, 56, 64',
    );
  });

  it("reports the engine's own message when it cannot speak", async () => {
    await expect(synthesiseSpeech(HELLO, { voice: 'xx-nope' })).rejects.toThrow(
      'eSpeak NG produced no audio (status 1): Error: The specified espeak-ng voice does not exist.',
    );
    // The queue goes on.
    await expect(synthesiseSpeech('Still here.')).resolves.toMatchObject({
      mp3: expect.any(Buffer),
    });
  });

  it('stops a job that runs past its time limit, and drops a cancelled waiting job', async () => {
    const controller = new AbortController();
    const slow = synthesiseSpeech(HELLO, { timeoutMs: 1 });
    const cancelled = synthesiseSpeech(HELLO, { signal: controller.signal });
    controller.abort(new Error('No longer needed.'));
    await expect(cancelled).rejects.toThrow('No longer needed.');
    await expect(slow).rejects.toThrow(
      'Speech synthesis took longer than 0.001 s and was stopped.',
    );
    expect(speechQueueStats()).toMatchObject({ running: 0, waiting: 0, peakRunning: 1 });
  });
});
