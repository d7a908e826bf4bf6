import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SERVER_ROOT } from '../../server-root';
import { AppError } from '../errors';
import { MP3_BITRATES_KBPS, type Mp3BitrateKbps } from './mp3-bitrates';
import { createSerialQueue, type SerialQueueStats } from './serial-queue';
import type { SynthesisRequest, SynthesisResult } from './synthesis.worker';

/**
 * Longest text accepted, in characters. A discussion (title ≤ 200, content ≤ 50,000
 * characters of Markdown) always fits once its Markdown is stripped. 60,000 characters are
 * about 65 minutes of speech, a ~260 MB WAV inside the worker and a ~25 MB MP3.
 */
export const MAX_SPEECH_TEXT_LENGTH = 60_000;

/** A job that has not finished by then is stopped (60,000 characters take about a minute). */
export const SPEECH_TIMEOUT_MS = 5 * 60_000;

export interface SpeechOptions {
  /** eSpeak NG voice, e.g. `en-us` (default), `en-gb`, `fr`, `de`, `en-us+f3`. */
  voice?: string;
  /** Speaking rate, 80–450 words per minute; default 175 (eSpeak NG's own). */
  wordsPerMinute?: number;
  /** MP3 bit rate; default 48 kbit/s (~6 KB per second of speech). */
  bitrateKbps?: Mp3BitrateKbps;
  /** Stops the job: a waiting one leaves the queue, a running one has its worker terminated. */
  signal?: AbortSignal;
  /** A running job is stopped after this long; default `SPEECH_TIMEOUT_MS`. */
  timeoutMs?: number;
}

export interface SpeechAudio {
  /** MP3, mono, at the engine's sample rate (22,050 Hz). */
  mp3: Buffer;
  durationSeconds: number;
}

const VOICE = /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*(?:\+[a-z0-9]{1,12})?$/i;

/**
 * One synthesis at a time in the whole process. Each job holds an eSpeak NG WebAssembly
 * instance (~18 MB of code and voice data, a 32 MB heap), the WAV it writes (~44 KB per
 * second of speech, up to ~260 MB for the longest text) and the samples being encoded:
 * running jobs side by side would multiply that peak for no gain in throughput, since
 * each job keeps one core busy anyway.
 */
const queue = createSerialQueue();

/** Jobs running and waiting, process-wide (for logs, health checks and tests). */
export function speechQueueStats(): SerialQueueStats {
  return queue.stats();
}

function requestFor(text: string, options: SpeechOptions): SynthesisRequest {
  if (text.trim() === '') {
    throw new AppError('validation', 'There is no text to read aloud.');
  }
  if (text.length > MAX_SPEECH_TEXT_LENGTH) {
    throw new AppError(
      'validation',
      `This text is too long to read aloud: it has ${text.length.toLocaleString('en')} characters ` +
        `and at most ${MAX_SPEECH_TEXT_LENGTH.toLocaleString('en')} can be synthesised.`,
    );
  }
  const { voice = 'en-us', wordsPerMinute = 175, bitrateKbps = 48 } = options;
  // Each of these ends up on eSpeak's command line.
  if (!VOICE.test(voice)) throw new AppError('validation', `"${voice}" is not a voice name.`);
  if (!Number.isInteger(wordsPerMinute) || wordsPerMinute < 80 || wordsPerMinute > 450) {
    throw new AppError('validation', 'The speaking rate must be 80 to 450 words per minute.');
  }
  if (!MP3_BITRATES_KBPS.includes(bitrateKbps)) {
    throw new AppError(
      'validation',
      `The bit rate must be one of ${MP3_BITRATES_KBPS.join(', ')}.`,
    );
  }
  return { text, voice, wordsPerMinute, bitrateKbps };
}

/** Found from the package's folder: `npm start` runs the server from a bundle in `dist/`. */
const WORKER_ENTRY = pathToFileURL(
  resolve(SERVER_ROOT, 'src/platform/speech/synthesis-worker.mjs'),
);

/**
 * Runs one job in a fresh worker thread, so that neither eSpeak's main() nor the MP3
 * encoder (about 7 s for 10,000 characters) blocks the server's event loop. Settles only
 * once the worker has exited: the next job starts after this one's memory is released.
 */
function runInWorker(
  request: SynthesisRequest,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<SpeechAudio> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_ENTRY, { workerData: request });
    let result: SynthesisResult | undefined;
    let failure: unknown;
    const stop = (reason: unknown) => {
      failure ??= reason;
      void worker.terminate();
    };
    const onAbort = () => stop(signal?.reason);
    const timer = setTimeout(
      () =>
        stop(new Error(`Speech synthesis took longer than ${timeoutMs / 1000} s and was stopped.`)),
      timeoutMs,
    );
    signal?.addEventListener('abort', onAbort, { once: true });

    worker.on('message', (message: SynthesisResult) => {
      result = message;
    });
    worker.on('error', (error) => {
      failure ??= error;
    });
    worker.on('exit', (code) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (failure === undefined && result) {
        const { mp3, durationSeconds } = result;
        resolve({ mp3: Buffer.from(mp3.buffer, mp3.byteOffset, mp3.byteLength), durationSeconds });
      } else {
        reject(failure ?? new Error(`The speech worker exited with code ${code} and no audio.`));
      }
    });
  });
}

/**
 * Text to speech, offline: `text` → eSpeak NG (WebAssembly) → 22 kHz mono WAV → MP3 (lamejs).
 * Calls queue up and run one at a time per process. Rejects with a 400 `AppError` for empty
 * or over-long text or a bad option, with an `Error` if the engine fails.
 */
export async function synthesiseSpeech(
  text: string,
  options: SpeechOptions = {},
): Promise<SpeechAudio> {
  const request = requestFor(text, options);
  const timeoutMs = options.timeoutMs ?? SPEECH_TIMEOUT_MS;
  return queue.run((signal) => runInWorker(request, signal, timeoutMs), options.signal);
}
