import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, testDatabaseMode } from '../test/test-database';

const SERVER_DIR = resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/** Starts `node --import tsx src/main.ts`, as `npm start` does. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stderr: string; at: number }>((done) =>
    child.on('exit', (code) => done({ code, stderr, at: Date.now() })),
  );
  return { child, exited };
}

async function waitForHealth(url: string, deadline: number): Promise<Response> {
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

describe('main', () => {
  let dataDir: string;
  let dropDatabase = async () => {};
  const env: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'agora-main-'));
    Object.assign(env, { DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    if (testDatabaseMode === 'postgres') {
      const database = await createPostgresTestDatabase();
      Object.assign(env, { DATABASE_URL: database.url, JWT_SECRET: 'x'.repeat(32) });
      dropDatabase = database.drop;
    }
  });
  afterAll(async () => {
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'serves until SIGTERM, then closes everything and exits 0 within 10 s',
    { timeout: 40_000 },
    async () => {
      const port = await freePort();
      const server = startServer({ ...env, PORT: String(port) });
      try {
        const health = await waitForHealth(
          `http://127.0.0.1:${port}/api/health`,
          Date.now() + 25_000,
        );
        expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
      } catch (error) {
        server.child.kill('SIGKILL');
        throw error;
      }

      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      const { code, stderr, at } = await server.exited;
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(at - signalledAt).toBeLessThan(10_000);
    },
  );

  it('stops on a bad variable with exit code 1 and one line saying what is wrong', async () => {
    const server = startServer({ ...env, PORT: 'eighty' });
    const { code, stderr } = await server.exited;
    expect(code).toBe(1);
    expect(stderr).toBe('Invalid configuration: PORT must be an integer between 1 and 65535\n');
  });
});
