import { expect, test } from '@playwright/test';
import { TOAST_AUTO_HIDE_MS } from '@agora/shared';
import { shoot } from '../../support/page-watch';

test('a toast hides itself after exactly 2 seconds', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const search = page.getByRole('banner').getByRole('searchbox');
  await search.fill('');
  await search.press('Enter');
  const toast = page.getByRole('alert').filter({ hasText: 'Type something to search.' });
  await expect(toast).toBeVisible();
  await shoot(page, 'toast');

  await page.clock.runFor(TOAST_AUTO_HIDE_MS - 100);
  await expect(toast).toBeVisible();
  await page.clock.runFor(100);
  await expect(toast).toBeHidden();
});
