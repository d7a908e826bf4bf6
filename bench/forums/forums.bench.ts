import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  benchServerEnv,
  buildReference,
  cpuMicroseconds,
  postgresCpuSince,
  postgresCpuSnapshot,
  databaseUrl,
  psql,
  REFERENCE_SCRIPT,
  RssSampler,
  runScript,
  startServer,
  type RunningServer,
} from '../support/server';
import { cpuTicks, speedCheckMilliseconds, stealPercent, type CpuTicks } from '../support/machine';
import { countQueries, isAvailable, load, rotate, type Scenario } from '../support/load';
import { signUpMembers } from '../support/members';
import { embeddedRows } from '../support/embedded';
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
 *
 * `--embedded` runs the server on the embedded database instead (no DATABASE_URL): seeded into
 * a new DATA_DIR, or `--data-dir DIR` reuses a folder seeded before (kept, not seeded again).
 * It has no bare ceiling (the reference reads PostgreSQL), and the table adds the server's
 * idle RSS. `--cpu-prof DIR` writes the server's CPU profile of the load run there (either database).
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
      embedded: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      'cpu-prof': { type: 'string' },
    },
  });
  if (values.embedded) return runEmbedded(values);
  const duration = Number(values.duration);
  const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const kept = values.database;
  const name = kept ?? `agora_bench_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(serverUrl, name);
  const dataDir = await mkdtemp(join(tmpdir(), 'agora-bench-'));
  const env = { DATABASE_URL: url, ...serverEnv(dataDir, values) };

  buildReference();
  if (!kept) psql(serverUrl, `create database ${name}`);
  let server: RunningServer | undefined;
  let reference: RunningServer | undefined;
  try {
    const seedSeconds = kept ? null : await seed(values, env);
    // What autovacuum would have done by now (it is off on some machines, this one included):
    // a kept database carries the dead rows of its earlier runs' writes.
    psql(url, 'vacuum analyze');

    const targets = await pickTargets(async (statements) =>
      statements.map((statement) => psql(url, statement)),
    );
    const { scenarios, queries } = await probeScenarios(env, targets, values.only);

    // Second run: the header off (AsyncLocalStorage costs throughput), for the load itself,
    // each scenario right after the bare Fastify + pg ceiling on the same database.
    const profile = values['cpu-prof'];
    server = await startServer(
      env,
      undefined,
      profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
    );
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
      if (!queries.has(scenario.name)) {
        measured.push({
          scenario,
          skipped: 'not available on this server (?q= refused or ignored)',
        });
        continue;
      }
      await load(reference.url, ceilingScenario, 3);
      const ceiling = await load(reference.url, ceilingScenario, duration);
      measured.push(
        await measure(server, scenario, { duration, rss, queries }, ceiling.requests.average),
      );
    }
    rss.stop();
    report(measured, { speedBefore, ticksBefore, seedSeconds, values });
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

type Options = {
  members: string;
  discussions: string;
  comments: string;
  duration: string;
  keep: boolean;
  only?: string;
  'anonymous-cache-ms': string;
  'data-dir'?: string;
  'cpu-prof'?: string;
};

/** The forum scenarios against the server on the embedded database (PGlite), no ceiling. */
async function runEmbedded(values: Options): Promise<void> {
  const duration = Number(values.duration);
  const given = values['data-dir'];
  const dataDir = given ?? (await mkdtemp(join(tmpdir(), 'agora-bench-embedded-')));
  // The server must not find a PostgreSQL address in the environment it inherits.
  delete process.env.DATABASE_URL;
  const env = serverEnv(dataDir, values);
  let server: RunningServer | undefined;
  try {
    const seedSeconds = given ? null : await seed(values, env);
    const targets = await pickTargets((statements) => embeddedRows(dataDir, statements));

    const { scenarios, queries } = await probeScenarios(env, targets, values.only);

    const profile = values['cpu-prof'];
    server = await startServer(
      env,
      undefined,
      profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
    );
    // Idle: started, migrated, nothing asked yet but the health check.
    await sleep(5000);
    const rss = new RssSampler(server.pid);
    await sleep(1000);
    const idleRssBytes = rss.takeMax();
    const speedBefore = speedCheckMilliseconds();
    const ticksBefore = cpuTicks();
    const measured: Measured[] = [];
    for (const scenario of scenarios) {
      if (!queries.has(scenario.name)) {
        measured.push({ scenario, skipped: 'not available on this server' });
        continue;
      }
      measured.push(await measure(server, scenario, { duration, rss, queries }, Number.NaN));
    }
    rss.stop();
    report(measured, { speedBefore, ticksBefore, seedSeconds, values, idleRssBytes });
  } finally {
    await server?.stop();
    if (given || values.keep) console.log(`The embedded database is kept: --data-dir ${dataDir}`);
    else await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Loads `scenario` for `duration` seconds after a 3 s warm-up: its req/s and latency, what
 * each request cost the server (and PostgreSQL on this machine), the peak RSS meanwhile.
 */
async function measure(
  server: RunningServer,
  scenario: Scenario,
  run: { duration: number; rss: RssSampler; queries: Map<string, string> },
  ceilingPerSecond: number,
): Promise<Measured> {
  await load(server.url, scenario, 3);
  run.rss.takeMax();
  const cpuBefore = cpuMicroseconds(server.pid);
  const postgresBefore = postgresCpuSnapshot();
  const result = await load(server.url, scenario, run.duration);
  const cpu = cpuMicroseconds(server.pid) - cpuBefore;
  const postgresCpu = postgresCpuSince(postgresBefore);
  const total = result.requests.total;
  return {
    scenario,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    queries: run.queries.get(scenario.name) ?? '?',
    rssBytes: run.rss.takeMax(),
    // Steadier than req/s on a shared machine: what each request cost the server itself.
    serverCpuMicroseconds: total > 0 ? cpu / total : 0,
    postgresCpuMicroseconds: total > 0 ? postgresCpu / total : 0,
    ceilingPerSecond,
  };
}

/** Prints the table, with the machine check taken now against the one before the load. */
function report(
  measured: Measured[],
  run: {
    speedBefore: number;
    ticksBefore: CpuTicks;
    seedSeconds: number | null;
    values: Options;
    /** On the embedded database: the server's RSS before any load. */
    idleRssBytes?: number;
  },
): void {
  const steal = stealPercent(run.ticksBefore, cpuTicks());
  const speedAfter = speedCheckMilliseconds();
  const { members, discussions, comments } = run.values;
  console.log(
    formatTable(measured, {
      machine: { speedMilliseconds: [run.speedBefore, speedAfter], stealPercent: steal },
      seedSeconds: run.seedSeconds,
      sizes: { members, discussions, comments },
      embedded: run.idleRssBytes === undefined ? undefined : { idleRssBytes: run.idleRssBytes },
    }),
  );
}

/** The server's environment for a bench: no limits in the way, tokens good for the sitting. */
function serverEnv(dataDir: string, values: Options): NodeJS.ProcessEnv {
  // 0 measures signed-out reads against the database, as before the anonymous cache.
  return benchServerEnv(dataDir, { ANONYMOUS_CACHE_MS: values['anonymous-cache-ms'] });
}

/** Seeds the database `env` names at the sizes asked; how long it took, in seconds. */
async function seed(values: Options, env: NodeJS.ProcessEnv): Promise<number> {
  const started = Date.now();
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
  return (Date.now() - started) / 1000;
}

/**
 * A first run of the server with the query count header on (AsyncLocalStorage costs
 * throughput, so the load runs without it): signs up the writers, builds the scenarios asked
 * for, and counts each available one's SQL statements. Unavailable scenarios have no count.
 */
async function probeScenarios(
  env: NodeJS.ProcessEnv,
  targets: Targets,
  only: string | undefined,
): Promise<{ scenarios: Scenario[]; queries: Map<string, string> }> {
  const server = await startServer({ ...env, QUERY_COUNT_HEADER: 'true' });
  try {
    const tokens = await signUpMembers(server.url, WRITERS);
    const names = only?.split(',').map((name) => name.trim());
    const scenarios = buildScenarios(targets, tokens).filter(
      (scenario) => !names || names.includes(scenario.name),
    );
    const queries = new Map<string, string>();
    for (const scenario of scenarios) {
      if (await isAvailable(server.url, scenario)) {
        queries.set(scenario.name, await countQueries(server.url, scenario));
      }
    }
    return { scenarios, queries };
  } finally {
    await server.stop();
  }
}

/** What the scenarios ask for: published discussions, busy ones, popular tags. */
interface Targets {
  ids: string[];
  busy: string[];
  tags: string[];
}

/** Reads the scenarios' targets with `rows` (each statement's first column). */
async function pickTargets(rows: (statements: string[]) => Promise<string[][]>): Promise<Targets> {
  const [ids = [], busy = [], tags = []] = await rows([
    `select id from discussions where status = 'published' order by random() limit 1000`,
    `select object_id from comments where model = 'forum' and parent_id is null group by 1 having count(*) >= 20 order by random() limit 200`,
    `select t.name from tags t join discussion_tags dt on dt.tag_id = t.id group by t.name order by count(*) desc limit 10`,
  ]);
  return { ids, busy, tags };
}

function buildScenarios({ ids, busy, tags }: Targets, tokens: string[]): Scenario[] {
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
