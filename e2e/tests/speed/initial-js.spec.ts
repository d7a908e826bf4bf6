import { gzipSync } from 'node:zlib';
import { expect, test } from '../../support/test';
import type { Browser, Page } from '@playwright/test';
import { createVerifiedMember, expectSignedIn, signInContext } from '../../support/members';
import type { Member } from '../../support/members';

/**
 * The JavaScript a first visit to `/` or `/discussions` downloads, gzipped, stays within issue
 * 17's 150 KB. Measured 2026-11-29 on a production build: `/` 138 KB for a visitor and 147 KB
 * for a member, `/discussions` 145 KB. What every page shares is mostly the stack: MUI with
 * emotion and Preact ~45 KB (the build draws with Preact instead of react-dom, 58 KB less),
 * Redux Toolkit with RTK Query and immer 27, the shell 26, routing 4 (wouter under the app's
 * own history, 26 KB less than React Router's data router). The HTTP client is fetch, not
 * axios; answers are not parsed again with zod; the feed's tabs and side panel are drawn
 * without MUI's Tabs and List components.
 */
const INITIAL_JS_CEILING: Record<string, number> = {
  '/': 150 * 1024,
  '/discussions': 150 * 1024,
};

/**
 * Chunks of forms, fields, validation and editors: a reading page needs none on its first load.
 */
const FORM_CHUNKS = /(form-fields|react-hook-form|resolvers|editor|zod|Autocomplete|TextField)[-.]/;

interface Script {
  name: string;
  gzipped: number;
}

/**
 * Opens `path` in a fresh context (signed in as `member` when given) and returns every script
 * it downloaded until the network went quiet, each with its size gzipped, whatever encoding
 * the server chose: the budget is stated for gzip.
 */
async function firstLoad(browser: Browser, path: string, member?: Member): Promise<Script[]> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  if (member) await signInContext(context, member);
  const page: Page = await context.newPage();
  const bodies: Promise<Script>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const name = new URL(response.url()).pathname;
    bodies.push(response.body().then((body) => ({ name, gzipped: gzipSync(body).length })));
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  if (member) await expectSignedIn(page, member);
  const scripts = await Promise.all(bodies);
  await context.close();
  return scripts;
}

function report(scripts: Script[]): string {
  return scripts
    .toSorted((a, b) => b.gzipped - a.gzipped)
    .map(({ name, gzipped }) => `${(gzipped / 1024).toFixed(1).padStart(6)} KB  ${name}`)
    .join('\n');
}

for (const [path, ceiling] of Object.entries(INITIAL_JS_CEILING)) {
  for (const signedIn of [false, true]) {
    const who = signedIn ? 'a member' : 'a visitor';
    test(`${path} downloads no form, validation or editor code for ${who}, and no more JavaScript than today`, async ({
      browser,
      request,
    }) => {
      const member = signedIn ? await createVerifiedMember(request, 'speed') : undefined;
      const scripts = await firstLoad(browser, path, member);
      const total = scripts.reduce((sum, script) => sum + script.gzipped, 0);
      const listing = report(scripts);
      test.info().annotations.push({
        type: 'initial JavaScript',
        description: `${(total / 1024).toFixed(1)} KB gzipped\n${listing}`,
      });
      expect(
        scripts.filter(({ name }) => FORM_CHUNKS.test(name)).map(({ name }) => name),
        listing,
      ).toEqual([]);
      expect(total, listing).toBeLessThanOrEqual(ceiling);
    });
  }
}
