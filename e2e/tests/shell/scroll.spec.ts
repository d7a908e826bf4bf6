import { expect, test } from '../../support/test';

test('a page opened by its address starts at the top, whatever was scrolled before it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/faq');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  // Away by a link, so the router files the scrolled position of the page first opened.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /open navigation/i })
    .click();
  await page.getByRole('dialog').getByRole('link', { name: 'Polls' }).click();
  await expect(page).toHaveURL(/\/polls$/);

  await page.goto('/userguide');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  const room = await page.evaluate(() => document.body.scrollHeight - window.innerHeight);
  expect(room).toBeGreaterThan(600);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
