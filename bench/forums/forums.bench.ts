import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildReference,
  cpuMicroseconds,
  postgresCpuMicroseconds,
  databaseUrl,
  NO_WRITE_LIMITS,
  psql,
  REFERENCE_SCRIPT,
  RssSampler,
  runScript,
  startServer,
  type RunningServer,
} from '../support/server';
import { cpuTicks, speedCheckMilliseconds, stealPercent } from '../support/machine';
import { countQueries, isAvailable, load, rotate, type Scenario } from '../support/load';
import { signUpMembers } from '../support/members';
import { formatTable, type Measured } from './scenarios';

/**
 * `npm run bench -- forums [--members N --discussions N --comments N --duration S]`: a fresh
 * PostgreSQL database seeded at the size (1,000 members, 100,000 discussions,
 * 1,000,000 comments unless told otherwise), the real server started on it, and autocannon
 * against the forum reads and an authenticated create-comment. Prints req/s, p50, p99, SQL
 * statements per request and the server's peak RSS; the database is dropped at the end.
 *
 * Seeding at full size takes minutes, so `--keep` leaves the database in place (its name is
 * printed) and `--database NAME` runs on such a kept database without seeding or dropping it.
 * `--only "list latest,search"` runs just those scenarios; `--anonymous-cache-ms 0` turns the
 * signed-out cache off. Before each scenario the bench loads a bare Fastify + pg route reading
 * 20 discussions by index from the same database (`support/reference-server.ts`): the table
 * gives each scenario's req/s as a share of that ceiling, measured a moment before.
 */

const WRITERS = 10;
const SEARCH_WORDS = ['sourdough', 'keyboard', 'garden', 'espresso', 'deployment', 'camera'];

export async function runForumsBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      members: { type: 'string', default: '1000' },
      discussions: { type: 'string', default: '100000' },
      comments: { type: 'string', default: '1000000' },
      duration: { type: 'string', default: '10' },
      database: { type: 'string' },
      keep: { type: 'boolean', default: false },
      only: { type: 'string' },
      'anonymous-cache-ms': { type: 'string', default: '2000' },
    },
  });
  const duration = Number(values.duration);
  const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const kept = values.database;
  const name = kept ?? `agora_bench_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(serverUrl, name);
  const dataDir = await mkdtemp(join(tmpdir(), 'agora-bench-'));
  const env = {
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_MAX: '100000',
    ...NO_WRITE_LIMITS,
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    // 0 measures signed-out reads against the database, as before the anonymous cache.
    ANONYMOUS_CACHE_MS: values['anonymous-cache-ms'],
  };

  buildReference();
  if (!kept) psql(serverUrl, `create database ${name}`);
  let server: RunningServer | undefined;
  let reference: RunningServer | undefined;
  try {
    const seedStarted = Date.now();
    if (!kept) {
      await runScript(
        'apps/server/src/seed/seed.cli.ts',
        [
          '--members',
          values.members,
          '--discussions',
          values.discussions,
          '--comments',
          values.comments,
        ],
        env,
      );
    }
    const seedSeconds = kept ? null : (Date.now() - seedStarted) / 1000;
    // What autovacuum would have done by now (it is off on some machines, this one included):
    // a kept database carries the dead rows of its earlier runs' writes.
    psql(url, 'vacuum analyze');

    // First run: the query count header on, to count each scenario's SQL statements.
    server = await startServer({ ...env, QUERY_COUNT_HEADER: 'true' });
    const tokens = await signUpMembers(server.url, WRITERS);
    const only = values.only?.split(',').map((name) => name.trim());
    const scenarios = buildScenarios(url, tokens).filter(
      (scenario) => !only || only.includes(scenario.name),
    );
    const queries = new Map<string, string>();
    const available = new Map<string, boolean>();
    for (const scenario of scenarios) {
      available.set(scenario.name, await isAvailable(server.url, scenario));
      if (available.get(scenario.name)) {
        queries.set(scenario.name, await countQueries(server.url, scenario));
      }
    }
    await server.stop();

    // Second run: the header off (AsyncLocalStorage costs throughput), for the load itself,
    // each scenario right after the bare Fastify + pg ceiling on the same database.
    server = await startServer(env);
    reference = await startServer(env, REFERENCE_SCRIPT);
    const ceilingScenario: Scenario = {
      name: 'ceiling',
      connections: 50,
      path: () => '/reference/discussions/',
    };
    const rss = new RssSampler(server.pid);
    const speedBefore = speedCheckMilliseconds();
    const ticksBefore = cpuTicks();
    const measured: Measured[] = [];
    for (const scenario of scenarios) {
      if (!available.get(scenario.name)) {
        measured.push({
          scenario,
          skipped: 'not available on this server (?q= refused or ignored)',
        });
        continue;
      }
      await load(reference.url, ceilingScenario, 3);
      const ceiling = await load(reference.url, ceilingScenario, duration);
      await load(server.url, scenario, 3);
      rss.takeMax();
      const cpuBefore = cpuMicroseconds(server.pid);
      const postgresBefore = postgresCpuMicroseconds();
      const result = await load(server.url, scenario, duration);
      const cpu = cpuMicroseconds(server.pid) - cpuBefore;
      const postgresCpu = postgresCpuMicroseconds() - postgresBefore;
      measured.push({
        scenario,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.non2xx + result.errors,
        queries: queries.get(scenario.name) ?? '?',
        rssBytes: rss.takeMax(),
        // Steadier than req/s on a shared machine: what each request cost the server itself.
        serverCpuMicroseconds: result.requests.total > 0 ? cpu / result.requests.total : 0,
        postgresCpuMicroseconds:
          result.requests.total > 0 ? postgresCpu / result.requests.total : 0,
        ceilingPerSecond: ceiling.requests.average,
      });
    }
    rss.stop();
    const steal = stealPercent(ticksBefore, cpuTicks());
    const speedAfter = speedCheckMilliseconds();
    console.log(
      formatTable(measured, {
        machine: { speedMilliseconds: [speedBefore, speedAfter], stealPercent: steal },
        seedSeconds,
        sizes: {
          members: values.members,
          discussions: values.discussions,
          comments: values.comments,
        },
      }),
    );
  } finally {
    await server?.stop();
    await reference?.stop();
    if (kept || values.keep) {
      console.log(`The benchmark database is kept: --database ${name}`);
    } else {
      psql(serverUrl, `drop database if exists ${name} with (force)`);
      if (psql(serverUrl, `select 1 from pg_database where datname = '${name}'`).length > 0) {
        console.error(`Could not drop the benchmark database ${name}; drop it by hand.`);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

function buildScenarios(url: string, tokens: string[]): Scenario[] {
  const ids = psql(
    url,
    `select id from discussions where status = 'published' order by random() limit 1000`,
  );
  const busy = psql(
    url,
    `select object_id from comments where model = 'forum' and parent_id is null group by 1 having count(*) >= 20 order by random() limit 200`,
  );
  const tags = psql(
    url,
    `select t.name from tags t join discussion_tags dt on dt.tag_id = t.id group by t.name order by count(*) desc limit 10`,
  );
  const nextId = rotate(ids);
  const nextBusy = rotate(busy.length > 0 ? busy : ids);
  const nextTag = rotate(tags);
  const nextWord = rotate(SEARCH_WORDS);
  const nextToken = rotate(tokens);
  return [
    // Signed out: what visitors and crawlers read, answered from the anonymous cache.
    { name: 'list latest', connections: 50, path: () => '/api/forums/forums/', pageSized: true },
    {
      name: 'list latest signed in',
      connections: 50,
      path: () => '/api/forums/forums/',
      headers: () => ({ authorization: `Bearer ${nextToken()}` }),
      pageSized: true,
    },
    {
      name: 'list by tag',
      connections: 50,
      path: () => `/api/forums/forums/?tag=${nextTag()}`,
      pageSized: true,
    },
    { name: 'detail', connections: 50, path: () => `/api/forums/forums/${nextId()}/` },
    {
      name: 'comments page',
      connections: 50,
      path: () => `/api/forums/forums-comment/?forum=${nextBusy()}`,
      pageSized: true,
    },
    {
      name: 'search',
      connections: 50,
      path: () => `/api/forums/forums/?q=${nextWord()}`,
      pageSized: true,
      // Search may not be there yet: then a word no text holds is refused, or ?q= is ignored
      // and discussions come back anyway.
      available: {
        path: '/api/forums/forums/?q=zzqxjvwnomatch',
        when: (status, body) =>
          status === 200 && (JSON.parse(body) as { results: unknown[] }).results.length === 0,
      },
    },
    {
      name: 'create comment',
      connections: WRITERS,
      method: 'POST',
      path: () => '/api/forums/forums-comment/',
      headers: () => ({
        authorization: `Bearer ${nextToken()}`,
        'content-type': 'application/json',
      }),
      body: () =>
        JSON.stringify({ forum: Number(nextId()), content: 'Thanks, this helped me a lot!' }),
    },
  ];
}
