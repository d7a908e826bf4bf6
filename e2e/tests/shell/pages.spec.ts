import { expect, test } from '@playwright/test';
import { shoot, watchProblems } from '../../support/page-watch';

const pages = [
  { path: '/', name: 'home' },
  { path: '/_app', name: 'app' },
  { path: '/faq', name: 'faq' },
  { path: '/aboutus', name: 'aboutus' },
  { path: '/userguide', name: 'userguide' },
  { path: '/discussions', name: 'discussions' },
  { path: '/setting', name: 'setting' },
  { path: '/login', name: 'login' },
  { path: '/register', name: 'register' },
  { path: '/twofa-token/not-a-token', name: 'twofa-token' },
  { path: '/user-info/nobody', name: 'user-info' },
  { path: '/this-page-does-not-exist', name: 'not-found' },
];

for (const { path, name } of pages) {
  test(`${path} renders signed out with no console errors or CSP violations`, async ({ page }) => {
    const { problems } = watchProblems(page);
    await page.goto(path);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await shoot(page, `page-${name}-desktop`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, `page-${name}-mobile`);
    expect(problems).toEqual([]);
  });
}

test('the API documentation page loads under the CSP', async ({ page }) => {
  const { problems } = watchProblems(page);
  await page.goto('/api/docs');
  await expect(page.getByText('/api/health').first()).toBeVisible();
  await shoot(page, 'api-docs');
  expect(problems).toEqual([]);
});
