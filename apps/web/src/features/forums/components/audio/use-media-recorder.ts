import { useCallback, useEffect, useRef, useState } from 'react';

/** Containers to record in, best first: what Chromium, Firefox and Safari each offer. */
const RECORDING_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/ogg;codecs=opus',
  'audio/mp4',
];

const EXTENSIONS: Record<string, string> = { webm: 'webm', ogg: 'ogg', mp4: 'm4a' };

export interface Recording {
  blob: Blob;
  /** An object URL for the preview; released when the recording is discarded. */
  url: string;
  /** `recording.webm` or the like: the "original file name" of the upload. */
  fileName: string;
}

export type RecorderState = 'idle' | 'starting' | 'recording' | 'recorded';

/** Whether this browser can record from a microphone at all. */
export function canRecordAudio(): boolean {
  return typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

function recordingType(): string | undefined {
  return RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

function fileNameFor(mimeType: string): string {
  const container = /^audio\/(\w+)/.exec(mimeType)?.[1] ?? 'webm';
  return `recording.${EXTENSIONS[container] ?? container}`;
}

/**
 * Microphone recording with MediaRecorder: `start` asks for the microphone (rejecting when the
 * member refuses or has none), `stop` ends the take and offers it as a `Recording`.
 */
export function useMediaRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [recording, setRecording] = useState<Recording | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const recorder = useRef<MediaRecorder | null>(null);

  /** Ends any take and turns the microphone off; a take ended this way is dropped. */
  const release = useCallback(() => {
    const take = recorder.current;
    recorder.current = null;
    if (take?.state === 'recording') take.stop();
    take?.stream.getTracks().forEach((track) => track.stop());
  }, []);

  // The clock only ticks while recording.
  useEffect(() => {
    if (state !== 'recording') return undefined;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [state]);

  // Leaving the page mid-take turns the microphone off.
  useEffect(() => release, [release]);

  useEffect(
    () => () => {
      if (recording) URL.revokeObjectURL(recording.url);
    },
    [recording],
  );

  const start = useCallback(async () => {
    setRecording(null);
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setState('idle');
      throw error;
    }
    const mimeType = recordingType();
    const take = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    take.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    take.addEventListener('stop', () => {
      if (recorder.current !== take) return;
      const type = take.mimeType || mimeType || 'audio/webm';
      const blob = new Blob(chunks, { type });
      setRecording({ blob, url: URL.createObjectURL(blob), fileName: fileNameFor(type) });
      setState('recorded');
      release();
    });
    recorder.current = take;
    take.start();
    const at = Date.now();
    setStartedAt(at);
    setNow(at);
    setState('recording');
  }, [release]);

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  const discard = useCallback(() => {
    release();
    setRecording(null);
    setState('idle');
  }, [release]);

  return {
    state,
    recording,
    elapsedMs: startedAt === null ? 0 : Math.max(0, now - startedAt),
    start,
    stop,
    discard,
  };
}
