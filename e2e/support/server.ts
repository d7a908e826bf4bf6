import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository's root. */
export const root = resolve(import.meta.dirname, '../..');

/** Node's flags for the server, read from its `npm start` so that tests run it the same way. */
const SERVER_NODE_FLAGS: string[] = (
  JSON.parse(readFileSync(join(root, 'apps/server/package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

/** A port nobody listens on at the moment. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become healthy at ${url}`);
}

/** The embedded setup a new user gets: no PostgreSQL, Redis or SMTP from the outer shell. */
export function serverEnv(own: Record<string, string>): NodeJS.ProcessEnv {
  const outer = ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'TEST_DATABASE_URL'];
  const inherited = Object.entries(process.env).filter(([name]) => !outer.includes(name));
  return { ...Object.fromEntries(inherited), LOG_LEVEL: 'warn', ...own };
}

export interface RunningServer {
  stop(): Promise<void>;
}

/**
 * Starts the real server with `env`, as `npm start` does (the bundle `npm run build` makes),
 * and waits until it answers its health check.
 */
export async function startServer(env: NodeJS.ProcessEnv, baseUrl: string): Promise<RunningServer> {
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/main.js'], {
    cwd: join(root, 'apps/server'),
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
  await Promise.race([
    waitForHealth(baseUrl, Date.now() + 120_000),
    exited.then((code) => {
      throw new Error(`The server exited with code ${code} before it was healthy`);
    }),
  ]);
  return {
    async stop() {
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Another server beside the suite's, on its own free port with a new, empty embedded database:
 * for a spec that needs a community with nothing in it but what it adds. Stop it when done.
 */
export async function startEmptyServer(): Promise<RunningServer & { baseUrl: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'agora-e2e-empty-'));
  const baseUrl = `http://localhost:${port}`;
  const server = await startServer(
    serverEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl }),
    baseUrl,
  );
  return {
    baseUrl,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
