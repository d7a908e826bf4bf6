import type { FastifyBaseLogger } from 'fastify';
import { markdownToSpeechText, type SpeechPost } from './markdown-to-speech-text';
import { synthesiseSpeech, type SpeechAudio, type SpeechOptions } from './synthesise';

/** The speech service features use (forums: the audio version of a discussion). */
export interface Speech {
  /** The words of a post as they will be read: title, then content without its Markdown. */
  textOf(post: SpeechPost): string;
  /** Plain text to MP3; queued behind any other synthesis in the process. */
  synthesise(text: string, options?: SpeechOptions): Promise<SpeechAudio>;
  /** `textOf` then `synthesise`. */
  synthesisePost(post: SpeechPost, options?: SpeechOptions): Promise<SpeechAudio>;
  /** Cancels this service's waiting and running jobs (they reject); later calls reject too. */
  close(): void;
}

export function createSpeech({ log }: { log?: FastifyBaseLogger } = {}): Speech {
  const closing = new AbortController();

  async function synthesise(text: string, options: SpeechOptions = {}): Promise<SpeechAudio> {
    const signal = options.signal
      ? AbortSignal.any([options.signal, closing.signal])
      : closing.signal;
    const started = performance.now();
    const audio = await synthesiseSpeech(text, { ...options, signal });
    log?.info(
      {
        characters: text.length,
        durationSeconds: Math.round(audio.durationSeconds * 10) / 10,
        bytes: audio.mp3.length,
        ms: Math.round(performance.now() - started),
      },
      'speech synthesised',
    );
    return audio;
  }

  return {
    textOf: markdownToSpeechText,
    synthesise,
    synthesisePost: (post, options) => synthesise(markdownToSpeechText(post), options),
    close: () =>
      closing.abort(new Error('Speech synthesis was cancelled: the server is shutting down.')),
  };
}
