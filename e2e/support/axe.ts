import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

// axe-core itself, evaluated in the page (not a <script> tag, which the app's CSP would refuse).
// Its Playwright wrapper wants Node 22; the engine does not.
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

const options: RunOptions = {
  runOnly: {
    type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
  },
  resultTypes: ['violations'],
};

/**
 * Runs axe-core on the page as it is now and fails with every violation listed (rule, impact and
 * the elements it found), so a failure says what to fix. WCAG 2.2 A/AA and best practices.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  await expect(page.getByRole('progressbar', { name: 'Loading', exact: true })).toHaveCount(0);
  await page.evaluate(axeSource);
  const { violations } = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: (o: RunOptions) => Promise<AxeResults> } }).axe.run(
        runOptions,
      ),
    options,
  );
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n` +
      violation.nodes
        .map((node) => `    ${node.target.join(' ')}  ${node.html.slice(0, 160)}`)
        .join('\n'),
  );
  // Soft: the other width of the same page is checked too, so one run lists everything to fix.
  expect.soft(found, `axe-core on ${label}`).toEqual([]);
}
