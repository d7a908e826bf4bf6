import { expect, test } from '../../support/test';
import { shoot } from '../../support/page-watch';

test('the home page renders the shell in the Agora theme', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Discussions' })).toBeVisible();
  // SPEC §9 primary colour #5348C6 on the main call to action.
  await expect(page.getByRole('link', { name: 'Browse discussions' })).toHaveCSS(
    'background-color',
    'rgb(83, 72, 198)',
  );
  await shoot(page, 'home-desktop');
});

test('below md the navigation moves into a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Discussions' })).toBeHidden();
  await banner.getByRole('button', { name: /open navigation/i }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: 'Discussions' })).toBeVisible();
  await shoot(page, 'home-mobile-drawer');
  await drawer.getByRole('link', { name: 'Discussions' }).click();
  await expect(page).toHaveURL(/\/discussions$/);
});
