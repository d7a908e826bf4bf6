import { expect, test } from '../../support/test';
import type { Page } from '@playwright/test';
import { asMember, createVerifiedMember, signInContext } from '../../support/members';

/** The API reads a page makes from the moment it opens until its first screen is drawn. */
function watchApiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/api/')) reads.push(`${pathname}${search}`);
  });
  return reads;
}

/**
 * Issue 17: a visitor's first screen of the home page, the discussions feed and a discussion
 * arrives with its content inside the page, so the app draws it without another round trip.
 * A member's page carries none: their reads go out with their session.
 */
test("a visitor's first screens arrive with their content, a member's go to the API", async ({
  page,
  request,
  browser,
}) => {
  const author = await createVerifiedMember(request, 'firstscreen');
  const title = `Sourdough starters that survive a holiday ${Date.now().toString(36)}`;
  const created = await request.post('/api/forums/forums/', {
    ...asMember(author),
    data: { title, content: 'Feed it, then **freeze** a spoonful.', tags: ['baking'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const comment = await request.post('/api/forums/forums-comment/', {
    ...asMember(author),
    data: { forum: id, content: 'Dried flakes keep for months.' },
  });
  expect(comment.status()).toBe(201);

  const reads = watchApiReads(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  await page.goto('/discussions?tag=baking');
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  await page.goto(`/discussions/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Dried flakes keep for months.')).toBeVisible();
  expect(reads).toEqual([]);

  // Moving on inside the app reads from the API as before.
  await page.getByRole('link', { name: 'All discussions' }).click();
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  const context = await browser.newContext();
  await signInContext(context, author);
  const memberPage = await context.newPage();
  const memberReads = watchApiReads(memberPage);
  await memberPage.goto(`/discussions/${id}`);
  await expect(memberPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(memberReads).toContain(`/api/forums/forums/${id}/`);
  await context.close();
});
