import type { PGlite } from '@electric-sql/pglite';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { createPglite } from './pglite-engine';

/** What the main thread gives the worker (`workerData`). */
export interface EmbeddedWorkerData {
  /** The database folder (`<DATA_DIR>/db`). */
  dataDir: string;
  /** PostgreSQL settings, `-c name=value` at start. */
  settings: Record<string, string>;
  /** Make the database, close it and end (see `connectEmbedded`). */
  createOnly?: boolean;
}

/** Main thread → worker, on `parentPort`. */
export type ToWorker =
  /** A new session: wire-protocol bytes come and go on `port` until it closes. */
  | { type: 'session'; port: MessagePort }
  /** Close the database once the open session has ended; `closed` answers. */
  | { type: 'close' };

/** Worker → main thread. */
export type FromWorker =
  { type: 'ready' } | { type: 'failed'; message: string } | { type: 'closed' };

const data = workerData as EmbeddedWorkerData;
const main = parentPort;
if (!main) throw new Error('pglite.worker.ts runs as a worker thread only');
const post = (message: FromWorker) => main.postMessage(message);

/**
 * PGlite's own start parameters (its `defaultStartParams`, which `startParams` replaces) plus
 * ours: repeated so a PGlite upgrade that changes them shows up in review here.
 */
const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
];

let db: PGlite;
try {
  db = await createPglite({
    dataDir: data.dataDir,
    startParams: [
      ...PGLITE_START_PARAMS,
      ...Object.entries(data.settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  main.close();
  throw error;
}

/**
 * PGlite is one PostgreSQL session. Each session of the main thread's pool gets it whole: its
 * messages run in order, and a session opened while another is still open waits for that one
 * to end, so two clients can never interleave inside each other's transaction or statement.
 * Resolves when the last session opened so far has ended.
 */
let lastSession: Promise<void> = Promise.resolve();

function serve(port: MessagePort): void {
  const previous = lastSession;
  let ended = () => {};
  lastSession = new Promise((resolve) => (ended = resolve));
  let work = previous;
  port.on('message', (chunk: Uint8Array) => {
    work = work.then(async () => {
      try {
        const answer = await exchange(chunk);
        if (answer.byteLength > 0) port.postMessage(...handOver(answer));
      } catch {
        // PGlite answers SQL errors in the protocol; a throw means the session is unusable.
        port.close();
      }
    });
  });
  port.once('close', () => {
    work = work.then(endSession).finally(ended);
  });
}

/**
 * Runs protocol messages and returns PGlite's answer. Through `execProtocolRawStream`: the
 * answer's bytes come as they are, where `execProtocolRaw` would also parse each message into
 * a list it never empties (~25 KB kept per statement, and the parsing's CPU).
 */
async function exchange(messages: Uint8Array): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let length = 0;
  await db.execProtocolRawStream(messages, {
    // A view into the WebAssembly heap, valid only during the call: copied.
    onRawData: (data) => {
      parts.push(data.slice());
      length += data.byteLength;
    },
  });
  if (parts.length === 1 && parts[0]) return parts[0];
  const answer = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    answer.set(part, offset);
    offset += part.byteLength;
  }
  return answer;
}

/** `postMessage` arguments moving the bytes to the main thread instead of copying them. */
function handOver(bytes: Uint8Array): [Uint8Array, ArrayBuffer[]] {
  return [bytes, bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : []];
}

/** What a new session must not inherit: an open transaction, prepared statements, settings. */
async function endSession(): Promise<void> {
  try {
    if (db.isInTransaction()) await db.exec('rollback');
    await db.exec('discard all');
  } catch {
    // A database that cannot even roll back fails the next session's start, which reports it.
  }
}

if (data.createOnly) {
  await db.close();
  post({ type: 'ready' });
  main.close();
} else {
  main.on('message', (message: ToWorker) => {
    if (message.type === 'session') serve(message.port);
    else {
      void lastSession
        .then(() => db.close())
        .finally(() => {
          post({ type: 'closed' });
          main.close();
        });
    }
  });
  post({ type: 'ready' });
}
