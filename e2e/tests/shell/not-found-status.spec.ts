import type { Page } from '@playwright/test';
import { expect, test } from '../../support/test';
import { asMember, createVerifiedMember } from '../../support/members';
import { shoot, watchProblems } from '../../support/page-watch';

/** Chromium logs the 404 of the page itself; nothing else may fail. */
const FAILED_404 =
  'console: Failed to load resource: the server responded with a status of 404 (Not Found)';

/** The broken-link screen with its Reload link, and the way home in the top bar. */
async function expectBrokenLinkWithWayHome(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Oh no... a broken link!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reload' })).toBeVisible();
  await page.getByRole('link', { name: 'Agora home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Oh no... a broken link!' })).toHaveCount(0);
}

test('an unknown address answers 404 and shows the broken-link screen with a way home', async ({
  page,
  quietConsole,
}) => {
  quietConsole.allow(FAILED_404);
  const { problems } = watchProblems(page);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  expect(await response?.headerValue('content-type')).toBe('text/html; charset=utf-8');
  await expect(page).toHaveTitle('Page not found · Agora');
  await shoot(page, 'not-found-status');
  await expectBrokenLinkWithWayHome(page);
  expect(problems.filter((problem) => problem !== FAILED_404)).toEqual([]);
});

test('a missing discussion answers 404; an existing one 200 with its own title', async ({
  page,
  request,
  quietConsole,
}) => {
  // The missing discussion's page and its API call answer 404 on purpose.
  quietConsole.allow(FAILED_404);
  const ada = await createVerifiedMember(request, 'pagehead');
  const created = await request.post('/api/forums/forums/', {
    ...asMember(ada),
    data: { title: 'Lanterns "after" <dark>', content: 'Bring a **lantern** to the harbour.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  const found = await page.goto(`/discussions/${id}`);
  expect(found?.status()).toBe(200);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    'Lanterns "after" <dark>',
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Bring a lantern to the harbour.',
  );

  const missing = await page.goto(`/discussions/${id + 100000}`);
  expect(missing?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('heading', { name: 'Oh no... a broken link!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse discussions' })).toBeVisible();
  await shoot(page, 'not-found-discussion');
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
