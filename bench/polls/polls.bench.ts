import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cpuTicks, speedCheckMilliseconds, stealPercent } from '../support/machine';
import { countQueries, isAvailable, load, rotate, type Scenario } from '../support/load';
import { signUpMembers } from '../support/members';
import {
  benchServerEnv,
  buildReference,
  cpuMicroseconds,
  databaseUrl,
  postgresCpuSince,
  postgresCpuSnapshot,
  psql,
  REFERENCE_SCRIPT,
  RssSampler,
  runScript,
  startServer,
  type RunningServer,
} from '../support/server';
import { formatPollsReport, type Exactness, type PollsMeasured } from './report';

/**
 * `npm run bench -- polls [--members N --polls N --votes N --voters N --duration S --rounds N]`:
 * a fresh PostgreSQL database seeded at issue 16's size (1,000 members, 100,000 polls,
 * 5,000,000 ballots unless told otherwise), the real server and a bare Fastify + pg reference
 * started on it, then in each round every scenario right after the reference's own page of 20
 * polls (`support/reference-server.ts`), so each is measured beside a ceiling of the same
 * moment: the poll list, by tag and trending, signed out and signed in, at 50 connections, and
 * members re-voting at 10. Afterwards every choice's votes_count, every poll's voters_count and
 * every ranked poll's counted rankings are checked against a recount. The server's RSS is
 * sampled all along.
 *
 * `--keep` leaves the database in place (its name is printed); `--database NAME` runs on such a
 * kept database without seeding or dropping it. `--only "vote"` runs just those scenarios;
 * `--anonymous-cache-ms 0` turns the anonymous cache off (signed-out reads go to the database,
 * members' reads to the route, as before the cache). `--cpu-prof DIR` writes the measured server's
 * CPU profile there.
 */

export async function runPollsBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      members: { type: 'string', default: '1000' },
      polls: { type: 'string', default: '100000' },
      votes: { type: 'string', default: '5000000' },
      voters: { type: 'string', default: '100' },
      duration: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '2' },
      database: { type: 'string' },
      keep: { type: 'boolean', default: false },
      only: { type: 'string' },
      'anonymous-cache-ms': { type: 'string', default: '2000' },
      'cpu-prof': { type: 'string' },
    },
  });
  const duration = Number(values.duration);
  const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const kept = values.database;
  const name = kept ?? `agora_bench_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(serverUrl, name);
  const dataDir = await mkdtemp(join(tmpdir(), 'agora-bench-'));
  const env = benchServerEnv(dataDir, {
    DATABASE_URL: url,
    ANONYMOUS_CACHE_MS: values['anonymous-cache-ms'],
  });
  buildReference();

  if (!kept) psql(serverUrl, `create database ${name}`);
  let server: RunningServer | undefined;
  let reference: RunningServer | undefined;
  try {
    const seedStarted = Date.now();
    if (!kept) {
      await runScript(
        'apps/server/src/seed/seed.cli.ts',
        ['--members', values.members, '--polls', values.polls, '--votes', values.votes],
        env,
      );
    }
    const seedSeconds = kept ? null : (Date.now() - seedStarted) / 1000;
    // What autovacuum would have done by now (it is off on some machines, this one included).
    psql(url, 'vacuum analyze');

    // First the query count header on, to count each scenario's SQL statements.
    server = await startServer({ ...env, QUERY_COUNT_HEADER: 'true' });
    const tokens = await signUpMembers(server.url, Number(values.voters));
    const only = values.only?.split(',').map((scenario) => scenario.trim());
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

    // Then the load, with the header off (AsyncLocalStorage costs throughput).
    const profile = values['cpu-prof'];
    server = await startServer(
      env,
      undefined,
      profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
    );
    reference = await startServer(env, REFERENCE_SCRIPT);
    const referenceScenario: Scenario = {
      name: 'reference',
      connections: 50,
      path: () => '/reference/polls/',
    };
    const rss = new RssSampler(server.pid);
    let peakRss = 0;
    const speedBefore = speedCheckMilliseconds();
    const ticksBefore = cpuTicks();
    const measured: PollsMeasured[] = [];
    for (let round = 1; round <= Number(values.rounds); round += 1) {
      for (const scenario of scenarios) {
        if (!available.get(scenario.name)) {
          measured.push({ round, scenario, skipped: 'not available on this server' });
          continue;
        }
        // The ceiling a moment before, on the same machine in the same state.
        await load(reference.url, referenceScenario, 3);
        const ceiling = await load(reference.url, referenceScenario, duration);
        await load(server.url, scenario, 3);
        peakRss = Math.max(peakRss, rss.takeMax());
        const cpuBefore = cpuMicroseconds(server.pid);
        const postgresBefore = postgresCpuSnapshot();
        const result = await load(server.url, scenario, duration);
        const cpu = cpuMicroseconds(server.pid) - cpuBefore;
        const postgresCpu = postgresCpuSince(postgresBefore);
        const rssBytes = rss.takeMax();
        peakRss = Math.max(peakRss, rssBytes);
        const total = result.requests.total;
        measured.push({
          round,
          scenario,
          requestsPerSecond: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.non2xx + result.errors,
          queries: queries.get(scenario.name) ?? '?',
          rssBytes,
          serverCpuMicroseconds: total > 0 ? cpu / total : 0,
          postgresCpuMicroseconds: total > 0 ? postgresCpu / total : 0,
          referencePerSecond: ceiling.requests.average,
          referenceP99: ceiling.latency.p99,
        });
      }
    }
    rss.stop();
    const steal = stealPercent(ticksBefore, cpuTicks());
    const speedAfter = speedCheckMilliseconds();
    const voted = scenarios.some((scenario) => scenario.name === 'vote' && available.get('vote'));
    console.log(
      formatPollsReport(measured, {
        machine: { speedMilliseconds: [speedBefore, speedAfter], stealPercent: steal },
        seedSeconds,
        sizes: { members: values.members, polls: values.polls, votes: values.votes },
        anonymousCacheMs: values['anonymous-cache-ms'],
        exactness: voted ? checkTallies(url) : null,
        peakRssBytes: peakRss,
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

/** An open poll members can vote on: its rules and its choices in order. */
interface VoteTarget {
  id: number;
  type: string;
  maxChoices: number;
  choices: number[];
}

function buildScenarios(url: string, tokens: string[]): Scenario[] {
  // Open for at least a day more, so none closes during the run.
  const targets: VoteTarget[] = psql(
    url,
    `select p.id, p.type, coalesce(p.max_choices, count(c.id)), string_agg(c.id::text, ' ' order by c.position)
     from polls p
     join poll_posts pp on pp.id = p.id and pp.status = 'published'
     join poll_choices c on c.poll_id = p.id
     where p.model = 'poll' and (p.closes_at is null or p.closes_at > now() + interval '1 day')
     group by p.id order by random() limit 200`,
  ).map((line) => {
    const [id = '0', type = 'single', most = '1', choices = ''] = line.split('|');
    return {
      id: Number(id),
      type,
      maxChoices: Number(most),
      choices: choices.split(' ').map(Number),
    };
  });
  const tags = psql(
    url,
    `select tag from poll_posts, unnest(tag_names) tag group by tag order by count(*) desc limit 10`,
  );
  const nextTarget = rotate(targets);
  const nextToken = rotate(tokens);
  const nextTag = rotate(tags);
  // Members reading: each request as the next of the voters, some of whom voted on the page.
  const signedIn = () => ({ authorization: `Bearer ${nextToken()}` });
  return [
    { name: 'poll list', connections: 50, path: () => '/api/forums/polls/', pageSized: true },
    {
      name: 'poll list signed in',
      connections: 50,
      path: () => '/api/forums/polls/',
      headers: signedIn,
      pageSized: true,
    },
    {
      name: 'poll list by tag',
      connections: 50,
      path: () => `/api/forums/polls/?tag=${nextTag()}`,
      pageSized: true,
    },
    {
      name: 'trending',
      connections: 50,
      path: () => '/api/forums/trending_polls/',
      pageSized: true,
    },
    {
      name: 'trending signed in',
      connections: 50,
      path: () => '/api/forums/trending_polls/',
      headers: signedIn,
      pageSized: true,
    },
    {
      name: 'vote',
      connections: 10,
      method: 'POST',
      path: () => '/api/forums/polls-vote/',
      headers: () => ({
        authorization: `Bearer ${nextToken()}`,
        'content-type': 'application/json',
      }),
      body: () => {
        const target = nextTarget();
        return JSON.stringify({ poll: target.id, choices: ballot(target) });
      },
      // Until the route exists the server answers 404; an empty ballot is refused with 400.
      available: { path: '/api/forums/polls-vote/', when: (status) => status !== 404 },
    },
  ];
}

/** A valid ballot: one choice, up to maxChoices, or a ranking of some or all options. */
function ballot(target: VoteTarget): number[] {
  const shuffled = [...target.choices].sort(() => Math.random() - 0.5);
  if (target.type === 'single') return shuffled.slice(0, 1);
  const most = target.type === 'multiple' ? target.maxChoices : shuffled.length;
  return shuffled.slice(0, 1 + Math.floor(Math.random() * most));
}

/**
 * Every tally against a recount, over the whole database; rankings both ways (a kept ranking
 * no ballot has, and a ballot's ranking not kept or kept with another count).
 */
function checkTallies(url: string): Exactness {
  const [line = ''] = psql(
    url,
    `select
      (select count(*) from poll_choices c
        left join (select choice_id, count(*) as n from poll_votes group by choice_id) v
          on v.choice_id = c.id
        where c.votes_count <> coalesce(v.n, 0)),
      (select count(*) from polls p
        left join (select poll_id, count(*) as n from poll_ballots group by poll_id) b
          on b.poll_id = p.id
        where p.voters_count <> coalesce(b.n, 0)),
      (with kept as (
        select poll_id, ranking, ballots from poll_rankings where ballots > 0
      ), counted as (
        select poll_id, ranking, count(*)::int as ballots from (
          select v.poll_id, string_agg(v.choice_id::text, ',' order by v.rank) as ranking
          from poll_votes v join polls p on p.id = v.poll_id and p.type = 'ranked'
          group by v.poll_id, v.user_id
        ) b group by poll_id, ranking
      )
      select count(distinct poll_id) from (
        (select * from kept except all select * from counted)
        union all
        (select * from counted except all select * from kept)
      ) off),
      (select count(*) from poll_choices),
      (select count(*) from polls),
      (select count(*) from polls where type = 'ranked')`,
  );
  const [
    choicesOff = -1,
    pollsOff = -1,
    rankingsOff = -1,
    choices = 0,
    polls = 0,
    rankedPolls = 0,
  ] = line.split('|').map(Number);
  return { choicesOff, pollsOff, rankingsOff, choices, polls, rankedPolls };
}
