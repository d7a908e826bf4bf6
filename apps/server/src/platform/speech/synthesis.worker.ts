import { parentPort, workerData } from 'node:worker_threads';
import { runEspeak, type EspeakOptions } from './espeak';
import { encodeMp3 } from './mp3';
import type { Mp3BitrateKbps } from './mp3-bitrates';
import { parseWav } from './wav';

/** What the main thread sends (as workerData) and gets back (one message). */
export interface SynthesisRequest extends EspeakOptions {
  text: string;
  bitrateKbps: Mp3BitrateKbps;
}

export interface SynthesisResult {
  mp3: Uint8Array<ArrayBuffer>;
  durationSeconds: number;
}

// One job per worker: text → WAV (eSpeak NG) → samples → MP3. The worker then exits, which
// frees the WebAssembly instance and every buffer at once.
const request = workerData as SynthesisRequest;
const { sampleRate, samples } = parseWav(await runEspeak(request.text, request));
if (samples.length === 0) throw new Error('eSpeak NG produced no audio for this text.');
const result: SynthesisResult = {
  mp3: encodeMp3(samples, sampleRate, request.bitrateKbps),
  durationSeconds: samples.length / sampleRate,
};
parentPort?.postMessage(result, [result.mp3.buffer]);
