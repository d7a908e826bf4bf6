import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, root, serverEnv, startServer } from './server';

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
    // Likewise the contact form's 5 an hour, which a run and its retries could reach.
    CONTACT_RATE_LIMIT_MAX: '1000',
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
