import { expect, test } from '../../support/test';
import { shoot, watchProblems } from '../../support/page-watch';

/** Chromium logs every non-2xx answer; these pages make one on purpose. */
const FAILED_400 =
  'console: Failed to load resource: the server responded with a status of 400 (Bad Request)';
/** The server answers an address that is no page with 404; Chromium logs that too. */
const FAILED_404 =
  'console: Failed to load resource: the server responded with a status of 404 (Not Found)';

const pages: { path: string; name: string; expected?: string }[] = [
  { path: '/', name: 'home' },
  { path: '/_app', name: 'app' },
  { path: '/faq', name: 'faq' },
  { path: '/aboutus', name: 'aboutus' },
  { path: '/userguide', name: 'userguide' },
  { path: '/discussions', name: 'discussions' },
  { path: '/setting', name: 'setting' },
  { path: '/albums', name: 'albums' },
  { path: '/files', name: 'files' },
  { path: '/login', name: 'login' },
  { path: '/register', name: 'register' },
  // The page spends the token from the link; the server refuses a made-up one.
  { path: '/twofa-token/not-a-token', name: 'twofa-token', expected: FAILED_400 },
  // A visitor's profile page makes no member-only call (the staff member of
  // e2e/support/global-setup.ts exists, so the page itself is there).
  { path: '/user-info/e2e_staff', name: 'user-info' },
  { path: '/this-page-does-not-exist', name: 'not-found', expected: FAILED_404 },
];

for (const { path, name, expected } of pages) {
  test(`${path} renders signed out with no console errors or CSP violations`, async ({
    page,
    quietConsole,
  }) => {
    if (expected) quietConsole.allow(expected);
    const { problems } = watchProblems(page);
    await page.goto(path);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await shoot(page, `page-${name}-desktop`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, `page-${name}-mobile`);
    expect(problems.filter((problem) => problem !== expected)).toEqual([]);
  });
}

test('the API documentation page loads under the CSP', async ({ page }) => {
  const { problems } = watchProblems(page);
  await page.goto('/api/docs');
  await expect(page.getByText('/api/health').first()).toBeVisible();
  await shoot(page, 'api-docs');
  expect(problems).toEqual([]);
});
