import { expect, test } from '../../support/test';
import { DESKTOP } from '../../support/browsing';

declare global {
  interface Window {
    /** What happened to the shell since the first page showed. */
    agoraShellWatch?: { bannerRemoved: boolean; splashShown: boolean };
  }
}

/**
 * Issue 17: moving between pages never replaces the app with the full-page splash; the top bar
 * stays and only the content area shows progress. Page code is held back for a moment, so every
 * move really waits for it.
 */
test('moving between pages keeps the top bar, with progress in the content area only', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.route(/\/assets\/.*-page-[^/]*\.js$/, async (route) => {
    await new Promise((resume) => setTimeout(resume, 700));
    await route.continue();
  });
  await page.goto('/');
  const banner = page.getByRole('banner');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading', exact: true })).toHaveCount(0);

  await page.evaluate(() => {
    const header = document.querySelector('header');
    const watch = { bannerRemoved: false, splashShown: false };
    window.agoraShellWatch = watch;
    new MutationObserver(() => {
      if (!header?.isConnected) watch.bannerRemoved = true;
      if (document.querySelector('[role="progressbar"][aria-label="Loading"]')) {
        watch.splashShown = true;
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  const headerHandle = await banner.elementHandle();

  const nav = banner.getByRole('navigation', { name: 'Main' });
  for (const [link, heading] of [
    ['Discussions', 'Discussions'],
    ['Polls', 'Polls'],
    ['Quizzes', 'Quizzes'],
  ] as const) {
    await nav.getByRole('link', { name: link }).click();
    // While the page's code is on its way, the bar shows over the content, under a usable top bar.
    await expect(main.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
    await expect(banner.getByRole('searchbox', { name: 'Search Agora' })).toBeEditable();
    await expect(main.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(main.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
  }
  await banner.getByRole('link', { name: 'Agora home' }).click();
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();

  expect(await headerHandle?.evaluate((header) => header.isConnected)).toBe(true);
  expect(await page.evaluate(() => window.agoraShellWatch)).toEqual({
    bannerRemoved: false,
    splashShown: false,
  });
});
