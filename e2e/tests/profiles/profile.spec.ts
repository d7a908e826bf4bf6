import { expect, failedResource, test } from '../../support/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../support/axe';
import { browse, DESKTOP, PHONE, shootBoth } from '../../support/browsing';
import { asMember, createVerifiedMember } from '../../support/members';
import type { Member } from '../../support/members';

async function post<T>(
  request: APIRequestContext,
  author: Member,
  path: string,
  data: Record<string, unknown>,
): Promise<T> {
  const response = await request.post(path, { ...asMember(author), data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** A member with a discussion, a poll and a comment, and the titles to look for. */
async function activeMember(request: APIRequestContext, prefix: string) {
  const author = await createVerifiedMember(request, prefix);
  const stamp = Date.now().toString(36);
  const discussion = `Winter cycling tips ${stamp}`;
  const poll = `Studded tyres or not ${stamp}?`;
  const { id } = await post<{ id: number }>(request, author, '/api/forums/forums/', {
    title: discussion,
    content: 'What keeps you riding when it snows?',
  });
  await post(request, author, '/api/forums/polls/', {
    question: poll,
    description: 'For the icy months.',
    options: ['Studded', 'Regular', 'I walk'],
  });
  await post(request, author, '/api/forums/forums-comment/', {
    forum: id,
    content: 'Mudguards matter more than you think.',
  });
  return { author, discussion, poll, discussionId: id };
}

/** No horizontal scroll at either width, and axe-core finds nothing, each width screenshotted. */
async function checkLayout(page: Page, label: string, shot: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, `${label} at ${size.width} px`).toBeLessThanOrEqual(innerWidth);
    await expectNoAxeViolations(page, `${label} at ${size.width} px`);
  }
  await shootBoth(page, shot);
}

/** Every answer of 400 or more the page receives. */
function failingAnswers(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}

test('a visitor reads a member’s activity by tab, with nothing failing and no bell', async ({
  browser,
  request,
}) => {
  // Two widths of axe-core on four views, on a machine others share.
  test.setTimeout(120_000);
  const { author, discussion, poll, discussionId } = await activeMember(request, 'profvisit');
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  const failed = failingAnswers(page);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/user-info/${author.username}`);

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: author.username })).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Notifications' })).toHaveCount(0);
  await expect(banner.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);

  // Each tab says how many items it lists.
  const tabs = main.getByRole('tablist', { name: `${author.username}'s activity` });
  for (const name of ['Discussions 1', 'Comments 1', 'Polls 1', 'Quizzes 0']) {
    await expect(tabs.getByRole('tab', { name, exact: true })).toBeVisible();
  }

  const discussions = main.getByRole('list', { name: `${author.username}'s discussions` });
  await expect(discussions.getByRole('link', { name: discussion })).toHaveAttribute(
    'href',
    `/discussions/${discussionId}`,
  );
  await checkLayout(page, 'a profile, signed out', 'profile-visitor');

  await main.getByRole('tab', { name: 'Comments' }).click();
  await expect(page).toHaveURL(/\?tab=comments$/);
  const comments = main.getByRole('list', { name: `${author.username}'s comments` });
  await expect(comments.getByRole('link', { name: `On “${discussion}”` })).toBeVisible();
  await expect(comments.getByText('Mudguards matter more than you think.')).toBeVisible();
  await checkLayout(page, 'a profile’s comments, signed out', 'profile-visitor-comments');

  // The tabs work from the keyboard: arrows move between them, Enter opens one.
  await main.getByRole('tab', { name: 'Comments' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(main.getByRole('tab', { name: 'Polls' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?tab=polls$/);
  await expect(main.getByRole('link', { name: poll })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\?tab=comments$/);
  await expect(main.getByRole('tab', { name: 'Comments' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await main.getByRole('tab', { name: 'Quizzes' }).click();
  await expect(main.getByRole('heading', { name: 'No quizzes yet' })).toBeVisible();
  await checkLayout(page, 'an empty tab, signed out', 'profile-visitor-empty');

  expect(failed, 'answers of 400 or more').toEqual([]);
  await context.close();
});

test('a member sees their own profile and another’s, at both widths, with nothing failing', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { author, discussion } = await activeMember(request, 'profother');
  const reader = await createVerifiedMember(request, 'profreader');
  let failed: string[] = [];
  const page = await browse(browser, reader, (fresh) => {
    failed = failingAnswers(fresh);
  });

  await page.goto(`/user-info/${author.username}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: author.username })).toBeVisible();
  await expect(main.getByRole('link', { name: discussion })).toBeVisible();
  await checkLayout(page, 'another member’s profile', 'profile-other');

  await page.goto(`/user-info/${reader.username}`);
  await expect(main.getByRole('heading', { level: 1, name: reader.username })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Edit profile' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'No discussions yet' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Start a discussion' })).toHaveAttribute(
    'href',
    '/discussions/new',
  );
  await checkLayout(page, 'your own profile', 'profile-own');

  expect(failed, 'answers of 400 or more').toEqual([]);
  await page.context().close();
});

test('a missing member’s page is the server’s 404 alone: the app asks the API nothing more', async ({
  page,
  quietConsole,
}) => {
  const path = '/user-info/nobody-by-this-name';
  quietConsole.allow(failedResource(404, path));
  const failed = failingAnswers(page);
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'No member by that name' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  expect(failed.map((answer) => answer.replace(/https?:\/\/[^/]+/, ''))).toEqual([`404 ${path}`]);
});
