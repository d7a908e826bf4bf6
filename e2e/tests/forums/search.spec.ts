import { expect, test } from '../../support/test';
import type { Comment, Discussion } from '@agora/shared';
import type { Page } from '@playwright/test';
import {
  asMember,
  createVerifiedMember,
  expectSignedIn,
  signInContext,
} from '../../support/members';
import { shoot, watchProblems } from '../../support/page-watch';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A made-up word no other spec writes: letters only, so the search reads it as one word. */
function distinctiveWord(stem: string): string {
  const letters = Array.from({ length: 6 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
  return `${stem}${letters}`;
}

async function shootBoth(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await shoot(page, `search-${name}-desktop`);
  await page.setViewportSize(PHONE);
  // Nothing may be wider than the phone.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
  await shoot(page, `search-${name}-mobile`);
  await page.setViewportSize(DESKTOP);
  // The wide layout is back once its navigation shows.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** Types into the top bar's search field and submits it, as a member would. */
async function searchFromTopBar(page: Page, words: string): Promise<void> {
  const field = page.getByRole('banner').getByRole('searchbox', { name: 'Search Agora' });
  // Crossing the phone width moves the field to another row of the bar, as a new field that
  // shows the address's words: typing that landed in the old one is typed again.
  await expect(async () => {
    await field.fill(words);
    await expect(field).toHaveValue(words, { timeout: 1_000 });
  }).toPass();
  await field.press('Enter');
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent(words)}`);
}

test('search finds a discussion by a word of its comment, and a member by a prefix', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const author = await createVerifiedMember(request, 'writer');
  const commenter = await createVerifiedMember(request, 'reader');
  const topic = distinctiveWord('lanternfest');
  const remark = distinctiveWord('glowworm');

  const created = await request.post('/api/forums/forums/', {
    ...asMember(author),
    data: {
      title: `Planning the ${topic} by the harbour`,
      content: `We need **volunteers** for the ${topic}: lanterns, music and <em>snacks</em>.`,
      tags: ['events'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const discussion = (await created.json()) as Discussion;
  const commented = await request.post('/api/forums/forums-comment/', {
    ...asMember(commenter),
    data: {
      forum: discussion.id,
      content: `I can bring paper lanterns and a ${remark} costume for the ${topic} parade.`,
    },
  });
  expect(commented.status(), await commented.text()).toBe(201);
  const comment = (await commented.json()) as Comment;

  const context = await browser.newContext({ viewport: DESKTOP });
  await signInContext(context, author);
  const page = await context.newPage();
  const { problems } = watchProblems(page);
  await page.goto('/');
  await expectSignedIn(page, author);

  // A word only the comment has: one comment hit, no discussion hit.
  await searchFromTopBar(page, remark);
  const comments = page.getByRole('region', { name: 'Comments' });
  const hit = comments.getByRole('article', {
    name: `Comment by ${commenter.username} on ${discussion.title}`,
  });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText(remark);
  await expect(page.getByRole('region', { name: 'Discussions' })).toHaveCount(0);
  expect(comment.forum).toBe(discussion.id);
  // The hit opens the comment itself in its discussion.
  await hit.getByRole('link', { name: discussion.title }).click();
  await expect(page).toHaveURL(`/discussions/${discussion.id}#comment-${comment.id}`);
  await expect(page.locator(`#comment-${comment.id}`)).toBeInViewport();
  await expect(page.locator(`#comment-${comment.id}`)).toContainText(remark);

  // The word of the discussion finds it and the comment, each with its words marked.
  await searchFromTopBar(page, topic);
  const discussions = page.getByRole('region', { name: 'Discussions' });
  const discussionHit = discussions.getByRole('article', { name: discussion.title });
  await expect(discussionHit.locator('mark').first()).toHaveText(topic);
  await expect(discussionHit).toContainText('snacks');
  await expect(discussionHit.locator('em')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Comments' }).locator('mark')).toHaveText(topic);
  await shootBoth(page, 'discussions');

  await discussionHit.getByRole('link', { name: discussion.title }).click();
  await expect(page).toHaveURL(`/discussions/${discussion.id}`);
  await expect(page.getByRole('heading', { name: discussion.title, level: 1 })).toBeVisible();

  // Members: the beginning of a username is enough.
  const prefix = commenter.username.slice(0, -3);
  await searchFromTopBar(page, prefix);
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page).toHaveURL(/[?&]tab=members/);
  const member = page
    .getByRole('list', { name: 'Members' })
    .getByRole('link', { name: `${commenter.username} (@${commenter.username})` });
  await expect(member).toBeVisible();
  await expect(member).toHaveAttribute('href', `/user-info/${commenter.username}`);
  await shootBoth(page, 'members');

  // Nothing found is said plainly.
  await searchFromTopBar(page, distinctiveWord('nothingatall'));
  await expect(page.getByRole('heading', { name: /^Nothing matches/ })).toBeVisible();
  await shootBoth(page, 'empty');

  expect(problems).toEqual([]);
  await context.close();
});

test('search finds every discussion of a tag, even without the word in its text', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const author = await createVerifiedMember(request, 'tagger');
  const tag = distinctiveWord('trail');
  const post = async (title: string, content: string) => {
    const created = await request.post('/api/forums/forums/', {
      ...asMember(author),
      data: { title, content, tags: [tag] },
    });
    expect(created.status(), await created.text()).toBe(201);
    return (await created.json()) as Discussion;
  };
  const named = await post(`Best ${tag} routes`, `Which ${tag} routes do you like?`);
  const tagged = await post('Boots that last', 'Mine fell apart after two seasons of walking.');

  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const { problems } = watchProblems(page);
  await page.goto(`/search?q=${tag}`);
  const discussions = page.getByRole('region', { name: 'Discussions' });
  await expect(discussions.getByRole('article', { name: named.title })).toBeVisible();
  const byTag = discussions.getByRole('article', { name: tagged.title });
  await expect(byTag).toBeVisible();
  await expect(byTag).toContainText(`#${tag}`);
  await expect(byTag).toContainText('two seasons');
  await shootBoth(page, 'tag');
  expect(problems).toEqual([]);
  await context.close();
});
