/** What one ramp level of the chat bench measured. */
export interface LevelResult {
  level: number;
  /** Sockets open when the level's load started. */
  connected: number;
  connectSeconds: number;
  /** Sends due at the target rate. */
  attempted: number;
  /** Answered 201. */
  accepted: number;
  /** Answered otherwise, or failed. */
  rejected: number;
  /** Not sent because MAX_IN_FLIGHT sends were already waiting (the server fell behind). */
  skipped: number;
  /** Accepted messages that reached the peer's socket. */
  delivered: number;
  /** Accepted messages the peer's socket never received. */
  lost: number;
  deliveredPerSecond: number;
  /** Send call to its 201, in ms. */
  ackP50: number;
  ackP99: number;
  /** Send call to receipt on the peer's socket, in ms. */
  p50: number;
  p99: number;
  rssBytes: number;
}

/** The targets on this 2-core machine (server, PostgreSQL and the clients together). */
const TARGET_MEMBERS = 5000;
const TARGET_PER_SECOND = 1000;
const TARGET_P99_MS = 100;
const TARGET_RSS_BYTES = 500 * 1024 * 1024;

/** The sustained send capacity the issue asks for, as a multiple of the offered rate. */
const TARGET_CAPACITY_FACTOR = 2;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The `p`th percentile (nearest rank) of `values`, in whole milliseconds; 0 when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, rank)] ?? 0);
}

/** A Markdown table of the levels with each target marked met or missed. */
export function formatChatTable(
  results: LevelResult[],
  run: { members: number; rate: number; duration: number; fdLimit: number },
): string {
  const lines = [
    `${run.members} members, target ${run.rate} messages/s for ${run.duration} s per level, ulimit -n ${run.fdLimit}.`,
    '',
    '| sockets | connect s | sent/s | accepted | rejected | skipped | delivered/s | lost | 201 p50/p99 ms | delivery p50 ms | delivery p99 ms | peak RSS | targets |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of results) {
    const targets =
      row.connected >= TARGET_MEMBERS
        ? [
            `≥ ${TARGET_PER_SECOND}/s ${row.deliveredPerSecond >= TARGET_PER_SECOND ? 'met' : 'missed'}`,
            `p99 < ${TARGET_P99_MS} ms ${row.p99 < TARGET_P99_MS ? 'met' : 'missed'}`,
            `RSS < ${mb(TARGET_RSS_BYTES)} ${row.rssBytes < TARGET_RSS_BYTES ? 'met' : 'missed'}`,
          ].join('; ')
        : `(targets apply at ${TARGET_MEMBERS} sockets)`;
    lines.push(
      `| ${row.connected} | ${row.connectSeconds.toFixed(1)} | ${Math.round(row.attempted / run.duration)} | ${row.accepted} | ${row.rejected} | ${row.skipped} | ${Math.round(row.deliveredPerSecond)} | ${row.lost} | ${row.ackP50}/${row.ackP99} | ${row.p50} | ${row.p99} | ${mb(row.rssBytes)} | ${targets} |`,
    );
  }
  return lines.join('\n');
}

/**
 * The server kept up with the rate it was offered: every send was made (none skipped for too
 * many in flight), accepted and delivered, at 99 % of the rate or more.
 */
export const sustained = (row: LevelResult): boolean =>
  row.skipped === 0 &&
  row.rejected === 0 &&
  row.lost === 0 &&
  row.delivered >= row.attempted * 0.99;

/** The rates offered in turn at the last level, and the highest the server sustained. */
export function formatCapacity(
  rows: LevelResult[],
  run: { rate: number; duration: number },
): string {
  const kept = rows.filter(sustained).map((row) => row.attempted / run.duration);
  const capacity = kept.length > 0 ? Math.max(...kept) : 0;
  const factor = capacity / run.rate;
  return [
    `Capacity at ${rows[0]?.connected ?? 0} sockets: each rate for ${run.duration} s, higher until one is not sustained (every send made, accepted and delivered).`,
    '',
    '| offered/s | accepted | skipped | delivered/s | lost | 201 p50/p99 ms | delivery p99 ms | peak RSS | sustained |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${Math.round(row.attempted / run.duration)} | ${row.accepted} | ${row.skipped} | ${Math.round(row.deliveredPerSecond)} | ${row.lost} | ${row.ackP50}/${row.ackP99} | ${row.p99} | ${mb(row.rssBytes)} | ${sustained(row) ? 'yes' : 'no'} |`,
    ),
    '',
    `Sustained capacity: ${Math.round(capacity)} messages/s, ${factor.toFixed(2)}× the offered ${run.rate}/s (target ≥ ${TARGET_CAPACITY_FACTOR}×: ${factor >= TARGET_CAPACITY_FACTOR ? 'met' : 'missed'}).`,
  ].join('\n');
}
