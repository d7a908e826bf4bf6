import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { load, rotate, type Scenario } from '../support/load';
import { speedCheckMilliseconds } from '../support/machine';
import { signUpMembers } from '../support/members';
import {
  benchServerEnv,
  databaseUrl,
  psql,
  runScript,
  startServer,
  type RunningServer,
} from '../support/server';

/** What `apps/server/src/main.ts` gives a stop before it exits the hard way (code 1). */
const GRACE_MS = 10_000;

/**
 * `npm run bench -- stop [--members N --discussions N --writers N --readers N --seconds S
 * --rounds N]`: issue 20's clean stop under load. On a fresh PostgreSQL database seeded with
 * discussions, members comment (each comment a notification job for the discussion's author)
 * and visitors read the list; after `--seconds` of it the server gets SIGTERM while the load
 * goes on. Each round reports how long the stop took against the 10 s grace, the exit code
 * (0: every in-flight request answered and every plugin closed), the jobs the stop left in the
 * queue, and how long the next start took to finish them (durable work resumes, none is lost).
 */
export async function runStopBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      members: { type: 'string', default: '200' },
      discussions: { type: 'string', default: '2000' },
      writers: { type: 'string', default: '20' },
      readers: { type: 'string', default: '30' },
      seconds: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '3' },
    },
  });
  const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `agora_bench_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(serverUrl, name);
  const dataDir = await mkdtemp(join(tmpdir(), 'agora-bench-'));
  const env = benchServerEnv(dataDir, { DATABASE_URL: url });
  const seconds = Number(values.seconds);
  psql(serverUrl, `create database ${name}`);
  let server: RunningServer | undefined;
  try {
    await runScript(
      'apps/server/src/seed/seed.cli.ts',
      ['--members', values.members, '--discussions', values.discussions, '--comments', '0'],
      env,
    );
    server = await startServer(env);
    const tokens = await signUpMembers(server.url, Number(values.writers));
    const discussions = psql(
      url,
      "select id from discussions where status = 'published' order by id desc limit 500",
    );
    const nextToken = rotate(tokens);
    const nextDiscussion = rotate(discussions);
    const speedBefore = speedCheckMilliseconds();
    const rows: string[] = [];
    for (let round = 1; round <= Number(values.rounds); round += 1) {
      const running = server ?? (await startServer(env));
      const comment: Scenario = {
        name: 'create comment',
        connections: Number(values.writers),
        method: 'POST',
        path: () => '/api/forums/forums-comment/',
        headers: () => ({
          authorization: `Bearer ${nextToken()}`,
          'content-type': 'application/json',
        }),
        body: () =>
          JSON.stringify({ forum: Number(nextDiscussion()), content: 'Thanks, this helped!' }),
      };
      const list: Scenario = {
        name: 'list latest',
        connections: Number(values.readers),
        path: () => '/api/forums/forums/',
      };
      // The load outlasts the stop: requests keep arriving while the server drains.
      const loads = [comment, list].map((scenario) => load(running.url, scenario, seconds + 4));
      await sleep(seconds * 1000);
      const signalled = Date.now();
      const code = await running.stop();
      const stopMs = Date.now() - signalled;
      server = undefined;
      const results = await Promise.all(loads);
      const leftJobs = Number(psql(url, 'select count(*) from jobs')[0]);
      const restarted = Date.now();
      server = await startServer(env);
      let drainedMs: number | null = null;
      for (let wait = 0; wait < 120; wait += 1) {
        if (Number(psql(url, 'select count(*) from jobs')[0]) === 0) {
          drainedMs = Date.now() - restarted;
          break;
        }
        await sleep(500);
      }
      const [comments, notifications] = psql(
        url,
        "select (select count(*) from comments), (select count(*) from notifications where verb = 'commented')",
      ).flatMap((line) => line.split('|'));
      rows.push(
        `| ${round} | ${(stopMs / 1000).toFixed(2)} s | ${code} | ${stopMs <= GRACE_MS && code === 0 ? 'met' : 'missed'} | ` +
          `${results.map((result) => result.requests.total).join(' / ')} | ${leftJobs} | ` +
          `${drainedMs === null ? 'not within 60 s' : `${(drainedMs / 1000).toFixed(1)} s`} | ${comments} / ${notifications} |`,
      );
    }
    const speedAfter = speedCheckMilliseconds();
    console.log(
      [
        `## Clean stop under load: ${values.writers} members commenting, ${values.readers} visitors reading, SIGTERM after ${seconds} s`,
        '',
        `Machine: speed check ${Math.round(speedBefore)} → ${Math.round(speedAfter)} ms.`,
        '',
        '| round | stop took | exit code | within the 10 s grace | requests (comments / list) | jobs left | next start finished them in | comments / comment notifications |',
        '|---|---|---|---|---|---|---|---|',
        ...rows,
      ].join('\n'),
    );
  } finally {
    await server?.stop();
    psql(serverUrl, `drop database if exists ${name} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  }
}
