import type { MachineCheck } from '../forums/scenarios';
import type { Scenario } from '../support/load';

/** One scenario's run in one round, or why it did not run. */
export type PollsMeasured =
  | { round: number; scenario: Scenario; skipped: string }
  | {
      round: number;
      scenario: Scenario;
      requestsPerSecond: number;
      p50: number;
      p99: number;
      /** Non-2xx answers and connection errors. */
      errors: number;
      queries: string;
      rssBytes: number;
      serverCpuMicroseconds: number;
      postgresCpuMicroseconds: number;
      /** The reference's req/s right before it (the bare Fastify + pg ceiling). */
      referencePerSecond: number;
      referenceP99: number;
    };

/** Tallies against a recount after the votes (`polls.bench.ts`). */
export interface Exactness {
  choicesOff: number;
  pollsOff: number;
  /** Ranked polls whose counted rankings (`poll_rankings`) differ from their ballots. */
  rankingsOff: number;
  choices: number;
  polls: number;
  rankedPolls: number;
}

/** Issue 16's targets, on the 2-core machine (server, PostgreSQL and autocannon together). */
export const POLL_TARGETS: Record<string, { perSecond: number; p99?: number }> = {
  'poll list': { perSecond: 2000, p99: 50 },
  'poll list signed in': { perSecond: 2000, p99: 50 },
  trending: { perSecond: 2000, p99: 50 },
  'trending signed in': { perSecond: 2000, p99: 50 },
  vote: { perSecond: 1000 },
};
export const MAX_RSS_BYTES = 300 * 1024 * 1024;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** A Markdown report: the machine, one row per scenario and round, the targets marked. */
export function formatPollsReport(
  measured: PollsMeasured[],
  run: {
    machine: MachineCheck;
    seedSeconds: number | null;
    sizes: Record<string, string | undefined>;
    anonymousCacheMs: string | undefined;
    exactness: Exactness | null;
    peakRssBytes: number;
  },
): string {
  const [before, after] = run.machine.speedMilliseconds.map((ms) => ms.toFixed(0));
  const lines = [
    `Machine: a fixed computation took ${before} ms before the load and ${after} ms after (lower is quicker); the host took ${run.machine.stealPercent.toFixed(1)} % of the CPU time meanwhile.`,
    run.seedSeconds === null
      ? 'Ran on a kept database (not seeded by this run).'
      : `Seeded ${run.sizes.members} members, ${run.sizes.polls} polls, ${run.sizes.votes} ballots in ${run.seedSeconds.toFixed(0)} s.`,
    'Each scenario ran right after the reference (bare Fastify + pg, a page of 20 polls, 50 connections): its req/s and p99 are in the row, and "÷ reference" is the scenario as a share of it.',
    `Anonymous cache: ${run.anonymousCacheMs === '0' ? 'off' : `on (${run.anonymousCacheMs} ms)`}.`,
    '',
    '| round | scenario | conn. | req/s | reference req/s (p99 ms) | ÷ reference | p50 ms | p99 ms | errors | SQL/request | server CPU/request | PostgreSQL CPU/request | peak RSS | targets |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of measured) {
    if ('skipped' in row) {
      lines.push(`| ${row.round} | ${row.scenario.name} | | | | | | | | | | | | ${row.skipped} |`);
      continue;
    }
    const target = POLL_TARGETS[row.scenario.name];
    const marks = [
      target &&
        `≥ ${target.perSecond} req/s ${row.requestsPerSecond >= target.perSecond ? 'met' : 'missed'}`,
      target?.p99 !== undefined &&
        `p99 < ${target.p99} ms ${row.p99 < target.p99 ? 'met' : 'missed'}`,
    ].filter(Boolean);
    const ratio =
      row.referencePerSecond > 0
        ? (row.requestsPerSecond / row.referencePerSecond).toFixed(2)
        : '—';
    lines.push(
      `| ${row.round} | ${row.scenario.name} | ${row.scenario.connections} | ${Math.round(row.requestsPerSecond)} | ${Math.round(row.referencePerSecond)} (${row.referenceP99}) | ${ratio} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.queries} | ${Math.round(row.serverCpuMicroseconds)} µs | ${Math.round(row.postgresCpuMicroseconds)} µs | ${mb(row.rssBytes)} | ${marks.join('; ')} |`,
    );
  }
  lines.push(
    '',
    `Server peak RSS, sampled every 200 ms through the whole sitting: ${mb(run.peakRssBytes)} (target < ${mb(MAX_RSS_BYTES)}: ${run.peakRssBytes < MAX_RSS_BYTES ? 'met' : 'missed'}).`,
  );
  const exact = run.exactness;
  lines.push(
    exact === null
      ? 'Tallies not checked: no vote scenario ran.'
      : `Tallies after the votes: ${exact.choicesOff} of ${exact.choices.toLocaleString('en')} choices' votes_count differ from count(poll_votes), ${exact.pollsOff} of ${exact.polls.toLocaleString('en')} polls' voters_count from count(poll_ballots), ${exact.rankingsOff} of ${exact.rankedPolls.toLocaleString('en')} ranked polls' counted rankings from their ballots (${exact.choicesOff + exact.pollsOff + exact.rankingsOff === 0 ? 'exact' : 'NOT exact'}).`,
  );
  return lines.join('\n');
}
