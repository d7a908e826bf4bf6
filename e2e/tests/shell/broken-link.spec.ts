import { expect, failedResource, test } from '../../support/test';
import { shoot } from '../../support/page-watch';

test('an unknown route shows the broken-link screen, and Reload reloads it', async ({
  page,
  quietConsole,
}) => {
  // The server answers the unknown address with 404, at each load.
  quietConsole.allow(failedResource(404, '/no/such/page'));
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oh no... a broken link!' })).toBeVisible();
  await expect(
    page.getByText("The data you're looking for seems to have gone missing"),
  ).toBeVisible();
  await shoot(page, 'broken-link');

  await page.evaluate(() => {
    (window as unknown as { beforeReload: boolean }).beforeReload = true;
  });
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('link', { name: 'Reload' }).click(),
  ]);
  const survived = await page.evaluate(
    () => (window as unknown as { beforeReload?: boolean }).beforeReload,
  );
  expect(survived).toBeUndefined();
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(page.getByRole('heading', { name: 'Oh no... a broken link!' })).toBeVisible();
});
