import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { speedCheckMilliseconds } from '../support/machine';
import { ROOT, runScript, startServer, type RunningServer } from '../support/server';
import { runLighthouse } from './lighthouse-run';
import { formatWebReport, type PageResult } from './report';

/**
 * `npm run bench -- web [--runs 3] [--top 8] [--reports DIR]`: builds the web app, seeds the
 * demo (`npm run seed`) into a fresh embedded database, starts the server on it as `npm start`
 * does, and runs Lighthouse 12 (mobile preset) `--runs` times on `/`, `/discussions` and the
 * demo discussion with the most comments. Prints the median of each category and timing, each
 * run's scores, and the failing audits of the median run; `--reports` keeps each run's full
 * Lighthouse result (JSON) in DIR.
 */
export async function runWebBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      runs: { type: 'string', default: '3' },
      top: { type: 'string', default: '8' },
      reports: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const top = Number(values.top);
  if (values.reports) await mkdir(values.reports, { recursive: true });
  execFileSync('npm', ['run', '--silent', 'build', '-w', '@agora/web'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'agora-bench-web-'));
  // The embedded database of a new user, whatever the outer shell points at.
  const embedded = { DATA_DIR: dataDir, DATABASE_URL: undefined, REDIS_URL: undefined };
  let server: RunningServer | undefined;
  try {
    await runScript('apps/server/src/seed/seed.cli.ts', [], embedded);
    server = await startServer({ ...embedded, LOG_LEVEL: 'warn' });
    // localhost, the default PUBLIC_URL's host: the page's links and secure cookies expect it.
    const base = server.url.replace('127.0.0.1', 'localhost');
    const pages: PageResult[] = [
      { label: 'home', path: '/', runs: [] },
      { label: 'discussions', path: '/discussions', runs: [] },
      { label: 'discussion', path: await busiestDiscussion(base), runs: [] },
    ];
    console.log(
      `web bench: Lighthouse mobile preset, ${runs} runs per page; speed check ${speedCheckMilliseconds().toFixed(0)} ms`,
    );
    for (let run = 1; run <= runs; run += 1) {
      for (const page of pages) {
        const report = values.reports && join(values.reports, `${page.label}-${run}.json`);
        const result = await runLighthouse(`${base}${page.path}`, report);
        page.runs.push(result);
        const scores = Object.values(result.scores).join('/');
        console.log(`run ${run} ${page.path}: ${scores}`);
      }
    }
    console.log(`\nspeed check after: ${speedCheckMilliseconds().toFixed(0)} ms\n`);
    console.log(formatWebReport(pages, top));
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The path of the demo discussion with the most comments. */
async function busiestDiscussion(base: string): Promise<string> {
  const response = await fetch(`${base}/api/forums/forums/`);
  if (!response.ok) throw new Error(`GET /api/forums/forums/ answered ${response.status}`);
  const page = (await response.json()) as { results: { id: number; commentsCount: number }[] };
  const [busiest] = page.results.toSorted((a, b) => b.commentsCount - a.commentsCount);
  if (!busiest || busiest.commentsCount === 0)
    throw new Error('the demo has no commented discussion');
  return `/discussions/${busiest.id}`;
}
