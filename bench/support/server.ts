import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildSync } from 'esbuild';
import { LIMITED_ACTIONS, limitVariable } from '../../apps/server/src/platform/auth/limit-windows';

/** The repository root: the server and the seed run from here, as `npm start` does. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** Runs SQL on a PostgreSQL database through psql (the bench declares no database driver). */
export function psql(url: string, statement: string): string[] {
  const out = execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-At', '-c', statement], {
    encoding: 'utf8',
  });
  return out.split('\n').filter((line) => line !== '');
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs a Node script of the repository with tsx, as the root package.json scripts do. */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${script} exited with code ${code}`)),
    );
  });
}

export interface RunningServer {
  url: string;
  pid: number;
  /** SIGTERM, then the exit code once the process has exited (null: ended by a signal). */
  stop(): Promise<number | null>;
}

/** Bundles the server as `npm start` runs it (`apps/server/dist/main.js`); well under a second. */
export function buildServer(): void {
  execFileSync('npm', ['run', '--silent', 'build', '-w', '@agora/server'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

/** The bare Fastify + pg ceiling (`reference-server.ts`), bundled as the server is. */
export const REFERENCE_SCRIPT = 'bench/dist/reference-server.js';

/**
 * Bundles a reference (`entry`, by default the pages' one) as the server is bundled: one file
 * (`script`), packages from node_modules.
 */
export function buildReference(
  entry = 'bench/support/reference-server.ts',
  script = REFERENCE_SCRIPT,
): void {
  buildSync({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: join(ROOT, script),
    logLevel: 'warning',
  });
}

/** A bench measures capacity, not how often one member may write: per-member limits off. */
export const NO_WRITE_LIMITS: NodeJS.ProcessEnv = Object.fromEntries(
  LIMITED_ACTIONS.map((action) => [limitVariable(action), 'off']),
);

/**
 * What a bench's server runs with: its own DATA_DIR and secret, warnings only in the log, and
 * no limit on sign-ups or members' writes (a bench measures capacity); `extra` on top.
 */
export function benchServerEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_MAX: '100000',
    ...NO_WRITE_LIMITS,
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    ...extra,
  };
}

const SERVER_SCRIPT = 'apps/server/dist/main.js';

const START = (
  JSON.parse(readFileSync(join(ROOT, 'apps/server/package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start;

/** Node's flags for `script`: the server's as `npm start` (apps/server/package.json) sets them. */
const flagsOf = (script: string): string[] =>
  script === SERVER_SCRIPT ? START.split(/\s+/).filter((word) => word.startsWith('--')) : [];

/** The environment `npm start` gives the server unless told otherwise (`NAME=${NAME:-value}`). */
const START_ENV: NodeJS.ProcessEnv = Object.fromEntries(
  [...START.matchAll(/(\w+)=\$\{\1:-([^}]*)\}/g)].map(([, name, value]) => [name, value]),
);

/**
 * The real server, as `npm start` runs it, as a child process once its health check answers.
 * `buildServer()` first. `script`: another server answering `/api/health` (a reference).
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  script = SERVER_SCRIPT,
  nodeArgs: string[] = [],
): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...flagsOf(script), ...nodeArgs, script], {
    cwd: ROOT,
    // glibc's malloc as `npm start` sets it, unless the bench chose otherwise.
    env: {
      ...START_ENV,
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy && child.pid !== undefined) return { url, pid: child.pid, stop };
    await sleep(500);
  }
  await stop();
  throw new Error('the server did not become healthy within 60 s');
}

/** Samples a process's resident memory (VmRSS) until stopped; Linux only. */
export class RssSampler {
  #max = 0;
  readonly #timer: NodeJS.Timeout;

  constructor(pid: number, everyMs = 200) {
    this.#timer = setInterval(() => {
      this.#max = Math.max(this.#max, rssBytes(pid));
    }, everyMs);
  }

  /** The highest sample since the last reset, in bytes. */
  takeMax(): number {
    const max = this.#max;
    this.#max = 0;
    return max;
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Linux reports process CPU time in ticks of USER_HZ, which is 100 on every architecture. */
const MICROSECONDS_PER_TICK = 10_000;

/** A process's CPU time so far (user and system), in microseconds; Linux only. */
export function cpuMicroseconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    // utime and stime are the stat file's 14th and 15th fields: 12th and 13th after the name.
    return (Number(fields[11]) + Number(fields[12])) * MICROSECONDS_PER_TICK;
  } catch {
    return 0;
  }
}

/**
 * The CPU time so far of each PostgreSQL process on this machine, by pid, in microseconds; Linux
 * only, and empty when PostgreSQL runs elsewhere. `postgresCpuSince` takes the difference.
 */
export function postgresCpuSnapshot(): Map<number, number> {
  const times = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue; // The process ended meanwhile.
    }
    times.set(Number(entry), cpuMicroseconds(Number(entry)));
  }
  return times;
}

/**
 * The CPU time PostgreSQL's processes used since `before`, in microseconds. Backends come and go
 * with the pools' connections: one that started since counts from zero, and one that ended (the
 * reference server's, closed as the scenario starts) is left out rather than subtracted.
 */
export function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, time] of postgresCpuSnapshot()) total += time - (before.get(pid) ?? 0);
  return total;
}
