import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';

const screenshotDir = resolve(import.meta.dirname, '../screenshots');

/**
 * Saves a full-page screenshot to e2e/screenshots/<name>.png for a person to look at, once the
 * full-page loading screen of a lazily loaded page has gone.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('progressbar', { name: 'Loading', exact: true })).toHaveCount(0);
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * Collects console errors, uncaught page errors and Content-Security-Policy violations
 * (Chromium reports a violation as a console error naming the policy).
 */
export function watchProblems(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { problems };
}
