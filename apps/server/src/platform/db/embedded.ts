import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Duplex } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { SERVER_ROOT } from '../../server-root';
import { connectPool, type ConnectOptions, type DatabaseConnection } from './database';
import type { EmbeddedWorkerData, FromWorker, ToWorker } from './pglite.worker';

/**
 * The built server (`dist/main.js`) starts the worker's own bundle; run from the sources (tests,
 * the seed and admin commands) it starts the TypeScript through tsx.
 */
const WORKER_ENTRY = fileURLToPath(import.meta.url).startsWith(resolve(SERVER_ROOT, 'dist'))
  ? pathToFileURL(resolve(SERVER_ROOT, 'dist/pglite.worker.js'))
  : pathToFileURL(resolve(SERVER_ROOT, 'src/platform/db/pglite-worker.mjs'));

/**
 * PostgreSQL settings of the embedded database. PGlite's defaults are a server's (128 MB of
 * shared buffers): every page the database ever read stays in the WebAssembly heap, which
 * never shrinks. The embedded database serves one process; its working set is far smaller.
 */
export const EMBEDDED_SETTINGS: Record<string, string> = {
  shared_buffers: '16MB',
};

/**
 * A pool connection's socket: wire-protocol bytes to and from the worker's PGlite through a
 * MessagePort, in place of TCP. node-postgres asks a stream for little beyond reading and
 * writing: `connect` opens the session, `ref`/`unref` as a socket's, `setNoDelay` and
 * `setKeepAlive` mean nothing here.
 */
class WorkerSocket extends Duplex {
  #port: MessagePort | undefined;

  constructor(private readonly open: (port: MessagePort) => void) {
    super();
  }

  connect(): this {
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    port1.on('message', (chunk: Uint8Array) => {
      this.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    });
    // The worker closed the session (or died): node-postgres sees the connection end.
    port1.once('close', () => this.destroy());
    this.open(port2);
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  /** As a socket's: whether this connection alone keeps the process alive. */
  ref(): this {
    this.#port?.ref();
    return this;
  }

  unref(): this {
    this.#port?.unref();
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void): void {
    this.#send([chunk], chunk.byteLength, done);
  }

  /** node-postgres corks a query's messages (bind, execute, sync): they go over as one. */
  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void): void {
    let length = 0;
    for (const { chunk } of chunks) length += chunk.byteLength;
    this.#send(
      chunks.map(({ chunk }) => chunk),
      length,
      done,
    );
  }

  #send(chunks: Buffer[], length: number, done: (error?: Error) => void): void {
    const port = this.#port;
    if (!port) return done(new Error('the embedded database session is not open'));
    // A copy of exactly these bytes (node-postgres writes views of shared buffers), moved over.
    const bytes = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    port.postMessage(bytes, [bytes.buffer]);
    done();
  }

  override _final(done: (error?: Error) => void): void {
    this.#port?.close();
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.#port?.close();
    done(error);
  }
}

/** A worker with PGlite open on `workerData.dataDir`, once it says so. */
async function startWorker(
  workerData: EmbeddedWorkerData,
): Promise<{ worker: Worker; exited: Promise<void> }> {
  const worker = new Worker(WORKER_ENTRY, { workerData });
  const exited = new Promise<void>((done) => worker.once('exit', () => done()));
  await new Promise<void>((ready, fail) => {
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'ready') ready();
      if (message.type === 'failed') {
        fail(
          new Error(
            `The embedded database in ${workerData.dataDir} did not open: ${message.message}`,
          ),
        );
      }
    });
    worker.once('error', fail);
    void exited.then(() => fail(new Error('The embedded database worker exited while opening.')));
  });
  return { worker, exited };
}

/**
 * The embedded database (PGlite) in a worker thread, reached through node-postgres exactly as
 * PostgreSQL is (`connectPool`): the same driver, the same named statements. A slow statement
 * then stalls only the database, not every request and socket of the process.
 *
 * The pool holds one connection, kept for the life of the process: PGlite is one session, so a
 * transaction holds the whole database until it ends (as PGlite's own lock does in-process),
 * and statements prepared by the connection stay valid. Waiting for it has no time limit.
 */
export async function connectEmbedded(
  dataDir: string,
  log: FastifyBaseLogger,
  options: ConnectOptions = {},
): Promise<DatabaseConnection> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    // A new database is made (initdb) by a worker of its own, which then ends: its isolate
    // goes with it, and the memory initdb touched (~200 MB of RSS) with that.
    const creator = await startWorker({ dataDir, settings: EMBEDDED_SETTINGS, createOnly: true });
    await creator.exited;
  }
  const { worker, exited } = await startWorker({ dataDir, settings: EMBEDDED_SETTINGS });
  worker.on('error', (error) => log.error({ err: error }, 'embedded database worker failed'));
  let closing = false;
  void exited.then(() => {
    if (!closing) log.error('the embedded database worker exited; database calls will fail');
  });
  const send = (message: ToWorker, transfer: MessagePort[] = []) =>
    worker.postMessage(message, transfer);

  return connectPool(
    {
      user: 'postgres',
      database: 'postgres',
      max: 1,
      idleTimeoutMillis: 0,
      stream: () => new WorkerSocket((port) => send({ type: 'session', port }, [port])),
    },
    log,
    options,
    async (pool) => {
      closing = true;
      await pool.end();
      send({ type: 'close' });
      await exited;
    },
  );
}
