import { expect, test } from '../../support/test';
import { TOAST_AUTO_HIDE_MS } from '@agora/shared';
import { shoot } from '../../support/page-watch';

test('a toast hides itself after 2 seconds', async ({ page }) => {
  const start = new Date('2026-01-01T10:00:00Z');
  await page.clock.install({ time: start });
  await page.goto('/');
  // Stop the page's clock so only runFor moves it, whatever the test itself spends.
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));

  const search = page.getByRole('banner').getByRole('searchbox');
  await search.fill('');
  await search.press('Enter');
  const toast = page.getByRole('alert').filter({ hasText: 'Type something to search.' });
  await expect(toast).toBeVisible();
  await shoot(page, 'toast');

  await page.clock.runFor(TOAST_AUTO_HIDE_MS - 1);
  await expect(toast).toBeVisible();
  // One more millisecond starts the exit; the fade-out transition then runs to its end.
  await page.clock.runFor(1);
  await page.clock.runFor(500);
  await expect(toast).toBeHidden();
});
