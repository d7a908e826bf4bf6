import { expect, test } from '../../support/test';
import type { APIRequestContext } from '@playwright/test';
import { browse, DESKTOP, PHONE, shootBoth } from '../../support/browsing';
import { asMember, createVerifiedMember } from '../../support/members';
import type { Member } from '../../support/members';
import { watchProblems } from '../../support/page-watch';

async function postDiscussion(
  request: APIRequestContext,
  author: Member,
  title: string,
  tag: string,
): Promise<number> {
  const response = await request.post('/api/forums/forums/', {
    ...asMember(author),
    data: { title, content: 'Posted by the home page spec.', tags: [tag] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test('a member’s home shows what is new, their unread chats, notifications and tags', async ({
  browser,
  request,
}) => {
  const ada = await createVerifiedMember(request, 'homeada');
  const ben = await createVerifiedMember(request, 'homeben');
  const tag = `home${Date.now().toString(36)}`;
  const mine = await postDiscussion(request, ada, `Ada asks about ${tag}`, tag);
  const title = `Ben’s news about ${tag}`;
  await postDiscussion(request, ben, title, tag);
  const liked = await request.post('/api/forums/like/', {
    ...asMember(ben),
    data: { model: 'forum', id: mine },
  });
  expect(liked.status()).toBe(200);
  const chat = await request.post('/api/chats/chat-list/', {
    ...asMember(ben),
    data: { member: ada.id, newmessage: 'Coffee on Saturday?' },
  });
  expect(chat.status(), await chat.text()).toBe(201);

  let problems: string[] = [];
  const page = await browse(browser, ada, (fresh) => {
    problems = watchProblems(fresh).problems;
  });
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
  // Not the visitors' pitch.
  await expect(main.getByRole('link', { name: /sign up free/ })).toHaveCount(0);

  const feed = main.getByRole('region', { name: 'What’s new' });
  await expect(feed.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    /^\/discussions\/\d+$/,
  );
  const chats = main.getByRole('region', { name: /^Unread chats/ });
  await expect(chats.getByText('Coffee on Saturday?')).toBeVisible();
  const notifications = main.getByRole('region', { name: 'Notifications' });
  await expect(notifications.getByRole('button', { name: new RegExp(ben.username) })).toBeVisible();
  const tags = main.getByRole('region', { name: 'Popular tags' });
  await expect(tags.getByRole('link', { name: new RegExp(`#${tag}`) })).toHaveAttribute(
    'href',
    `/discussions?tag=${tag}`,
  );

  await feed.getByRole('button', { name: 'Trending' }).click();
  await expect(feed.getByRole('button', { name: 'Trending' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(feed.getByRole('listitem').first()).toBeVisible();
  await feed.getByRole('button', { name: 'Latest' }).click();
  await expect(feed.getByRole('link', { name: title })).toBeVisible();

  await page.setViewportSize(PHONE);
  // Read once the page has laid itself out at the new width.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBe(PHONE.width);
  await page.setViewportSize(DESKTOP);
  await shootBoth(page, 'home-member');

  await chats.getByRole('button', { name: new RegExp(ben.username) }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByText('Coffee on Saturday?').first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('a visitor gets the landing page with the community’s recent posts under it', async ({
  page,
  request,
}) => {
  const author = await createVerifiedMember(request, 'homevisit');
  const title = `Open to all: ${Date.now().toString(36)}`;
  await postDiscussion(request, author, title, 'welcome');
  const { problems } = watchProblems(page);

  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await expect(banner.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(/Welcome to Agora/);
  const recent = main.getByRole('region', { name: 'Recent in the community' });
  await expect(recent.getByRole('link', { name: title })).toBeVisible();
  await page.setViewportSize(PHONE);
  // Read once the page has laid itself out at the new width.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBe(PHONE.width);
  await page.setViewportSize(DESKTOP);
  await shootBoth(page, 'home-visitor');
  expect(problems).toEqual([]);
});
