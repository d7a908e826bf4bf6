import type { Scenario } from '../support/load';

export type Measured =
  | { scenario: Scenario; skipped: string }
  | {
      scenario: Scenario;
      requestsPerSecond: number;
      p50: number;
      p99: number;
      /** Non-2xx answers and connection errors. */
      errors: number;
      queries: string;
      rssBytes: number;
      /** The server process's CPU time (user and system) per answered request. */
      serverCpuMicroseconds: number;
      /** PostgreSQL's CPU time per answered request, when it runs on this machine. */
      postgresCpuMicroseconds: number;
      /** The bare Fastify + pg reference's req/s, measured just before this scenario; NaN without one. */
      ceilingPerSecond: number;
    };

/** How quick the machine was during the run (`bench/support/machine.ts`). */
export interface MachineCheck {
  /** The speed check's median before and after the load. */
  speedMilliseconds: [number, number];
  /** CPU time stolen by the host during the load, of all CPU time. */
  stealPercent: number;
}

/** The targets on a 2-core machine (server, PostgreSQL and autocannon together). */
const MIN_REQUESTS_PER_SECOND: Record<string, number> = {
  'list latest': 1800,
  detail: 1800,
  'create comment': 1000,
};
/** Issue 20: req/s as a share of the bare Fastify + pg ceiling, whatever the hour. */
const MIN_CEILING_SHARE: Record<string, number> = {
  'list latest': 1.0,
  'list latest signed in': 0.5,
};
const MAX_P99_MS = 50;
const MAX_RSS_BYTES = 300 * 1024 * 1024;

/** Issue 20's targets for the embedded database (PGlite), members signed in. */
const EMBEDDED = {
  minRequestsPerSecond: {
    'list latest': 1500,
    'list latest signed in': 1500,
    detail: 3000,
    search: 1000,
  } as Record<string, number>,
  maxP99Ms: 100,
  maxIdleRssBytes: 200 * 1024 * 1024,
  maxRssBytes: 300 * 1024 * 1024,
};

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** A Markdown table of the results with each target marked met or missed. */
export function formatTable(
  measured: Measured[],
  run: {
    machine: MachineCheck;
    seedSeconds: number | null;
    sizes: Record<string, string | undefined>;
    /** Set for a run on the embedded database: its own targets, and the server's idle RSS. */
    embedded?: { idleRssBytes: number };
  },
): string {
  const embedded = run.embedded;
  const maxP99 = embedded ? EMBEDDED.maxP99Ms : MAX_P99_MS;
  const [speedBefore, speedAfter] = run.machine.speedMilliseconds.map((ms) => ms.toFixed(0));
  const lines = [
    `Machine: a fixed computation took ${speedBefore} ms before the load and ${speedAfter} ms after (lower is quicker); the host took ${run.machine.stealPercent.toFixed(1)} % of the CPU time meanwhile.`,
    run.seedSeconds === null
      ? 'Ran on a kept database (not seeded by this run).'
      : `Seeded ${run.sizes.members} members, ${run.sizes.discussions} discussions, ${run.sizes.comments} comments in ${run.seedSeconds.toFixed(0)} s.`,
    '',
    '| scenario | conn. | req/s | ceiling req/s | ÷ ceiling | p50 ms | p99 ms | errors | SQL/request | server CPU/request | PostgreSQL CPU/request | peak RSS | targets |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  let peak = 0;
  for (const row of measured) {
    if ('skipped' in row) {
      lines.push(`| ${row.scenario.name} | | | | | | | | | | | | ${row.skipped} |`);
      continue;
    }
    peak = Math.max(peak, row.rssBytes);
    const minimum = (embedded ? EMBEDDED.minRequestsPerSecond : MIN_REQUESTS_PER_SECOND)[
      row.scenario.name
    ];
    const share = row.requestsPerSecond / row.ceilingPerSecond;
    const minimumShare = embedded ? undefined : MIN_CEILING_SHARE[row.scenario.name];
    const targets = [
      minimumShare === undefined
        ? undefined
        : `≥ ${minimumShare.toFixed(1)} × ceiling ${share >= minimumShare ? 'met' : 'missed'}`,
      minimum === undefined
        ? undefined
        : `≥ ${minimum} req/s ${row.requestsPerSecond >= minimum ? 'met' : 'missed'}`,
      `p99 < ${maxP99} ms ${row.p99 < maxP99 ? 'met' : 'missed'}`,
    ].filter(Boolean);
    lines.push(
      `| ${row.scenario.name} | ${row.scenario.connections} | ${Math.round(row.requestsPerSecond)} | ${Number.isNaN(share) ? '—' : Math.round(row.ceilingPerSecond)} | ${Number.isNaN(share) ? '—' : share.toFixed(2)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.queries} | ${Math.round(row.serverCpuMicroseconds)} µs | ${Math.round(row.postgresCpuMicroseconds)} µs | ${mb(row.rssBytes)} | ${targets.join('; ')} |`,
    );
  }
  const maxRss = embedded ? EMBEDDED.maxRssBytes : MAX_RSS_BYTES;
  lines.push(
    '',
    `Server peak RSS under load: ${mb(peak)} (target < ${mb(maxRss)}: ${peak < maxRss ? 'met' : 'missed'}).`,
  );
  if (embedded) {
    const idle = embedded.idleRssBytes;
    lines.push(
      `Server idle RSS (started, nothing asked): ${mb(idle)} (target ≤ ${mb(EMBEDDED.maxIdleRssBytes)}: ${idle <= EMBEDDED.maxIdleRssBytes ? 'met' : 'missed'}).`,
    );
  }
  return lines.join('\n');
}
