import { CATEGORIES, type Category, type PageRun } from './lighthouse-run';

/** The targets for every page, mobile preset. */
export const TARGETS: Record<Category, number> = {
  performance: 90,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

export interface PageResult {
  label: string;
  path: string;
  runs: PageRun[];
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The run whose performance score is the median: its failing audits are the ones printed. */
function medianRun(runs: PageRun[]): PageRun | undefined {
  const sorted = runs.toSorted((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The median of each category, each timing, and the failing audits, as printed by the bench. */
export function formatWebReport(pages: PageResult[], topAudits: number): string {
  const lines: string[] = [];
  const header = ['page', ...CATEGORIES, 'FCP ms', 'LCP ms', 'TBT ms', 'CLS'];
  lines.push(`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`);
  for (const page of pages) {
    const cells = CATEGORIES.map((id) => {
      const score = median(page.runs.map((run) => run.scores[id]));
      const all = page.runs.map((run) => run.scores[id]).join('/');
      return `${score}${score >= TARGETS[id] ? '' : ' ✗'} (${all})`;
    });
    const timing = (key: keyof PageRun['timings'], digits: number) =>
      median(page.runs.map((run) => run.timings[key])).toFixed(digits);
    lines.push(
      `| ${[page.label, ...cells, timing('fcp', 0), timing('lcp', 0), timing('tbt', 0), timing('cls', 3)].join(' | ')} |`,
    );
  }
  for (const page of pages) {
    const run = medianRun(page.runs);
    if (!run) continue;
    lines.push('', `${page.label} (${page.path}), failing audits of the median run:`);
    const shown = run.failing.slice(0, topAudits);
    if (shown.length === 0) lines.push('  none');
    for (const audit of shown) lines.push(`  - ${audit.line}`);
  }
  const met = pages.every((page) =>
    CATEGORIES.every((id) => median(page.runs.map((run) => run.scores[id])) >= TARGETS[id]),
  );
  lines.push(
    '',
    `Targets (performance ≥ ${TARGETS.performance}, accessibility, best practices and SEO ${TARGETS.seo}): ${met ? 'met' : 'NOT met'}`,
  );
  return lines.join('\n');
}
