import { writeFile } from 'node:fs/promises';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';

/** The four categories the issue sets targets for, as Lighthouse names them. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** One Lighthouse run of one page: its category scores (0–100) and what cost it points. */
export interface PageRun {
  scores: Record<Category, number>;
  /** Audits that failed, most points lost first: `category: title (value)`. */
  failing: { lost: number; line: string }[];
  /** Core timings in ms, for the record. */
  timings: { fcp: number; lcp: number; tbt: number; cls: number };
}

/** Debian's Chromium (STACK-NOTES); CHROME_PATH overrides it. */
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Lighthouse's default configuration is the mobile preset: a Moto G Power sized screen, 4×
 * CPU slowdown and simulated slow 4G, so the scores tolerate a loaded machine better than
 * wall-clock timings do. A fresh Chromium per run: no cache or service worker carried over.
 */
export async function runLighthouse(url: string, reportPath?: string): Promise<PageRun> {
  // Chromium now and then loses a trace on a loaded machine (NO_NAVSTART): run that page again.
  for (let attempt = 1; ; attempt += 1) {
    const lhr = await lighthouseResult(url);
    if (reportPath) await writeFile(reportPath, JSON.stringify(lhr));
    if (!lhr.runtimeError) return summarise(lhr);
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    console.log(`Lighthouse on ${url}: ${lhr.runtimeError.code}, running it again`);
  }
}

async function lighthouseResult(url: string): Promise<Result> {
  const chrome = await launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

function numeric(lhr: Result, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? Number.NaN;
}

function summarise(lhr: Result): PageRun {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const failing: PageRun['failing'] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category) continue;
    const weights = category.auditRefs.reduce((sum, ref) => sum + ref.weight, 0) || 1;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') continue;
      // Unweighted audits (opportunities, diagnostics) still explain a weighted one: list them last.
      const lost = ref.weight > 0 ? (ref.weight / weights) * (1 - audit.score) * 100 : 0;
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      failing.push({ lost, line: `${id}: ${audit.title}${value}` });
    }
  }
  failing.sort((a, b) => b.lost - a.lost);
  return {
    scores,
    failing,
    timings: {
      fcp: numeric(lhr, 'first-contentful-paint'),
      lcp: numeric(lhr, 'largest-contentful-paint'),
      tbt: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
    },
  };
}
