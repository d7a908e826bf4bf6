import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite } from './platform/db/pglite';
import { createPostgresTestDatabase, testDatabaseMode } from '../test/test-database';

const SERVER_DIR = resolve(import.meta.dirname, '..');
const PASSWORD = 'correct horse battery staple';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/** The real server, as `npm start` runs it, in a process this test may kill. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: `${port}` },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { base, child, exited };
}

async function call(base: string, path: string, body: object, access?: string) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(access ? { authorization: `Bearer ${access}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function signUp(base: string, username: string) {
  const { status, body } = await call(base, '/auth/registration/', {
    username,
    email: `${username}@example.org`,
    password1: PASSWORD,
    password2: PASSWORD,
  });
  expect(status).toBe(201);
  return { id: (body.user as { id: number }).id, access: String(body.access) };
}

describe('background jobs across a crash', () => {
  let dataDir: string;
  let dropDatabase = async () => {};
  const env: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'agora-crash-'));
    Object.assign(env, {
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_COMMENTS: 'off',
      RATE_LIMIT_POSTS: 'off',
      AUTH_RATE_LIMIT_MAX: '100000',
      // The killed server's claims: on PostgreSQL they are taken up again once their lease ends.
      JOBS_LEASE_SECONDS: '2',
    });
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

  /** Reads the database the server left behind, once no server holds it. */
  async function query<Row>(text: string): Promise<Row[]> {
    if (env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        return (await client.query(text)).rows as Row[];
      } finally {
        await client.end();
      }
    }
    const db = await createPglite({ dataDir: join(dataDir, 'db') });
    try {
      return (await db.query<Row>(text)).rows;
    } finally {
      await db.close();
    }
  }

  /** The addresses of the verification mails in the outbox, one entry per mail. */
  async function verificationMailsTo(): Promise<string[]> {
    const folder = join(dataDir, 'outbox');
    const names = (await readdir(folder).catch(() => [] as string[])).filter((name) =>
      name.endsWith('.eml'),
    );
    const mails = await Promise.all(names.map((name) => readFile(join(folder, name), 'utf8')));
    return mails.flatMap((mail) => /^To: (\S+)\r?$/m.exec(mail)?.[1] ?? []);
  }

  it('makes every notification of the committed comments and every mail of the committed sign-ups exactly once after a kill -9', async () => {
    const first = await startServer(env);
    const ada = await signUp(first.base, 'ada');
    const bob = await signUp(first.base, 'bob');
    const posted = await call(
      first.base,
      '/api/forums/forums/',
      { title: 'Under load', content: 'Comment away.', status: 'published' },
      ada.access,
    );
    expect(posted.status).toBe(201);
    const forum = Number(posted.body.id);

    // Eight writers comment until the server dies under them.
    let alive = true;
    const writer = async () => {
      while (alive) {
        await call(first.base, '/api/forums/forums-comment/', { forum, content: 'Hi' }, bob.access)
          .then((answer) => {
            if (answer.status !== 201) alive = false;
          })
          .catch(() => {
            alive = false;
          });
      }
    };
    // Two more sign members up, each sign-up mailing its verification link.
    let joined = 0;
    let signedUp = 0;
    const joiner = async () => {
      while (alive) {
        joined += 1;
        await call(first.base, '/auth/registration/', {
          username: `member${joined}`,
          email: `member${joined}@example.org`,
          password1: PASSWORD,
          password2: PASSWORD,
        })
          .then((answer) => {
            if (answer.status === 201) signedUp += 1;
          })
          .catch(() => {
            alive = false;
          });
      }
    };
    const writers = [...Array.from({ length: 6 }, writer), joiner(), joiner()];
    // Killed mid-load: after 1.5 s, once a few members have joined (a slow machine hashes slowly).
    const started = Date.now();
    while (Date.now() - started < 1500 || (signedUp < 3 && Date.now() - started < 20_000)) {
      await new Promise((done) => setTimeout(done, 50));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    alive = false;
    await Promise.all(writers);

    const second = await startServer(env);
    const count = async () => {
      const response = await fetch(`${second.base}/api/common/notification-count`, {
        headers: { authorization: `Bearer ${ada.access}` },
      });
      return ((await response.json()) as { notificationCount: number }).notificationCount;
    };
    const deadline = Date.now() + 30_000;
    if (env.DATABASE_URL) {
      // PostgreSQL can be read meanwhile: wait until the queue is empty (the killed server's
      // claims are taken up again once their 2 s lease ends).
      while (Date.now() < deadline) {
        const [waiting] = await query<{ n: number }>('select count(*)::int as n from jobs');
        if (waiting?.n === 0) break;
        await new Promise((done) => setTimeout(done, 200));
      }
    } else {
      // The embedded database is the server's alone while it runs (and its leases are released
      // at start): wait, through the API, until the recovered jobs have run (the counts hold
      // still for a second).
      const progress = async () => `${await count()} ${(await verificationMailsTo()).length}`;
      let told = await progress();
      for (let still = 0; still < 5 && Date.now() < deadline;) {
        await new Promise((done) => setTimeout(done, 200));
        const now = await progress();
        still = now === told ? still + 1 : 0;
        told = now;
      }
    }
    second.child.kill('SIGTERM');
    await second.exited;

    const [made] = await query<{ comments: number; notifications: number; distinct: number }>(
      `select
         (select count(*)::int from comments where author_id = ${bob.id}) as comments,
         (select count(*)::int from notifications
           where recipient_id = ${ada.id} and verb = 'commented') as notifications,
         (select count(distinct object_id)::int from notifications
           where recipient_id = ${ada.id} and verb = 'commented') as distinct`,
    );
    const left = await query<{ n: number }>('select count(*)::int as n from jobs');
    const members = await query<{ email: string }>('select email from users order by email');
    const mailed = await verificationMailsTo();
    expect(members.length).toBeGreaterThan(2);
    expect(mailed.sort()).toEqual(members.map((member) => member.email));
    expect(made?.comments).toBeGreaterThan(0);
    expect(made?.notifications).toBe(made?.comments);
    expect(made?.distinct).toBe(made?.comments);
    expect(left).toEqual([{ n: 0 }]);
  }, 90_000);

  it('makes the speech a killed server was making, after its restart', async () => {
    const first = await startServer(env);
    const cyd = await signUp(first.base, 'cyd');
    const posted = await call(
      first.base,
      '/api/forums/forums/',
      {
        title: 'Read aloud',
        content: 'This sentence is read aloud, again and again. '.repeat(80),
        status: 'published',
      },
      cyd.access,
    );
    expect(posted.status).toBe(201);
    const id = Number(posted.body.id);
    const requested = await call(
      first.base,
      `/api/forums/forums/${id}/generate_audiourl/`,
      {},
      cyd.access,
    );
    expect(requested.status).toBe(202);
    await new Promise((done) => setTimeout(done, 300));
    first.child.kill('SIGKILL');
    await first.exited;
    // Killed mid-synthesis: the request is still pending, its job kept.
    expect(
      await query<{ status: string }>(
        `select status from discussion_audio where discussion_id = ${id}`,
      ),
    ).toEqual([{ status: 'pending' }]);
    expect(
      await query<{ n: number }>(
        `select count(*)::int as n from jobs where name = 'forums.audio.speech'`,
      ),
    ).toEqual([{ n: 1 }]);

    const second = await startServer(env);
    const deadline = Date.now() + 60_000;
    let audio: { status?: string; audioUrl?: string | null } = {};
    while (Date.now() < deadline) {
      const response = await fetch(`${second.base}/api/forums/forums/${id}/get_audio/`);
      audio = (await response.json()) as typeof audio;
      if (audio.status !== 'pending') break;
      await new Promise((done) => setTimeout(done, 200));
    }
    second.child.kill('SIGTERM');
    await second.exited;
    expect(audio).toMatchObject({ status: 'ready', audioUrl: expect.stringContaining('.mp3') });
    expect(await query<{ n: number }>('select count(*)::int as n from jobs')).toEqual([{ n: 0 }]);
  }, 90_000);
});
