import type { MachineCheck } from '../forums/scenarios';

/** One upload load: the uploaders' throughput and latency, and the thumbnail probe's. */
export interface UploadRun {
  uploadsPerSecond: number;
  uploads: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, connection errors and timeouts. */
  errors: number;
  peakRssBytes: number;
  /** From sending an upload to having its small thumbnail; null when none completed. */
  thumbnailsP99: number | null;
  thumbnailSamples: number;
}

/** Issue 19: the server stays below this while 20 members upload 5 MB photos. */
export const MAX_RSS_BYTES = 400 * 1024 * 1024;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const ms = (value: number | null) => (value === null ? '—' : `${Math.round(value)} ms`);

/** A Markdown report: the machine, the server beside its ceiling, the RSS target marked. */
export function formatMediaReport(run: {
  machine: MachineCheck;
  connections: number;
  seconds: number;
  photoBytes: number;
  idleRssBytes: number;
  server: UploadRun;
  reference: UploadRun;
}): string {
  const [before, after] = run.machine.speedMilliseconds.map((value) => value.toFixed(0));
  const row = (label: string, result: UploadRun, rss: string) =>
    `| ${label} | ${result.uploadsPerSecond.toFixed(1)} | ${result.uploads} | ${ms(result.p50)} | ${ms(result.p99)} | ${ms(result.thumbnailsP99)} (${result.thumbnailSamples}) | ${result.errors} | ${rss} |`;
  const { server, reference } = run;
  const rssMark = server.peakRssBytes < MAX_RSS_BYTES ? 'met' : 'MISSED';
  return [
    `## Media uploads: ${run.connections} members, ${mb(run.photoBytes)} photos, ${run.seconds} s`,
    '',
    `Machine: speed check ${before} → ${after} ms, steal ${run.machine.stealPercent.toFixed(1)} %.`,
    '',
    '| | uploads/s | uploads | p50 | p99 | thumbnails ready p99 (samples) | errors | peak RSS |',
    '|---|---|---|---|---|---|---|---|',
    row(
      'server (`POST /api/common/files/`)',
      server,
      `${mb(server.peakRssBytes)} (idle ${mb(run.idleRssBytes)})`,
    ),
    row('bare Fastify + sharp ceiling', reference, mb(reference.peakRssBytes)),
    '',
    reference.uploads > 0
      ? `Server at ${((server.uploadsPerSecond / reference.uploadsPerSecond) * 100).toFixed(0)} % of the ceiling's uploads/s; RSS below ${mb(MAX_RSS_BYTES)}: ${rssMark}.`
      : `The ceiling finished no upload in the time: run longer. RSS below ${mb(MAX_RSS_BYTES)}: ${rssMark}.`,
    'The ceiling answers no thumbnail: its "thumbnails ready" is its upload time.',
  ].join('\n');
}
