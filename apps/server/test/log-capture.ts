import { Writable } from 'node:stream';

export interface LogCapture {
  stream: Writable;
  /** Every line written so far, parsed. */
  lines: Record<string, unknown>[];
  /** Every line written so far, as written. */
  text(): string;
}

/** A pino destination that keeps the app's log lines for assertions. */
export function captureLogs(): LogCapture {
  const raw: string[] = [];
  return {
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        raw.push(chunk.toString());
        done();
      },
    }),
    get lines() {
      return raw.map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    text: () => raw.join(''),
  };
}
