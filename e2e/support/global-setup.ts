import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
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
function serverEnv(own: Record<string, string>): NodeJS.ProcessEnv {
  const outer = ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'TEST_DATABASE_URL'];
  const inherited = Object.entries(process.env).filter(([name]) => !outer.includes(name));
  return { ...Object.fromEntries(inherited), LOG_LEVEL: 'warn', ...own };
}

interface RunningServer {
  stop(): Promise<void>;
}

/**
 * Starts the real server with `env`, as `npm start` does (the bundle `npm run build` makes),
 * and waits until it answers its health check.
 */
async function startServer(env: NodeJS.ProcessEnv, baseUrl: string): Promise<RunningServer> {
  const server = spawn(process.execPath, ['dist/main.js'], {
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

/** The staff account every spec may use (E2E_STAFF_USERNAME, E2E_STAFF_PASSWORD). */
const STAFF = { username: 'e2e_staff', password: 'Moderate-Kindly-58' };

async function signUp(baseUrl: string, account: typeof STAFF): Promise<void> {
  const response = await fetch(`${baseUrl}/auth/registration/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: account.username,
      email: `${account.username}@example.com`,
      password1: account.password,
      password2: account.password,
    }),
  });
  if (response.status !== 201) {
    throw new Error(`Signing up ${account.username} failed: ${await response.text()}`);
  }
}

/**
 * Builds the web app and the server (unless E2E_SKIP_BUILD=1, set by CI after its own
 * build) and starts the server on a free port with a fresh, embedded database in a temporary
 * DATA_DIR.
 * A staff member is made the way an operator would: signed up, then granted with
 * `npm run admin -- grant` while the server is stopped (the embedded database allows one
 * process). Workers read the address from E2E_BASE_URL, the outbox from E2E_DATA_DIR and the
 * staff account from E2E_STAFF_USERNAME and E2E_STAFF_PASSWORD.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'agora-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const env = serverEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    // Every spec signs members up and in from the one loopback address; the default limit
    // (30 a minute per address) is for real networks and would turn parallel specs into 429s.
    AUTH_RATE_LIMIT_MAX: '10000',
    // The stored-XSS spec posts its whole corpus, links and all, as a member who signed up
    // seconds before: a spammer to the new-member link limit.
    NEW_MEMBER_MAX_LINKS: 'off',
  });
  const first = await startServer(env, baseUrl);
  try {
    await signUp(baseUrl, STAFF);
  } finally {
    await first.stop();
  }
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'grant', STAFF.username, 'admin'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  const server = await startServer(env, baseUrl);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_STAFF_USERNAME = STAFF.username;
  process.env.E2E_STAFF_PASSWORD = STAFF.password;

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
