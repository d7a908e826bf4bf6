import { expect, test } from '../../support/test';
import type { Browser, Page } from '@playwright/test';
import { createVerifiedMember, expectSignedIn, signInContext } from '../../support/members';
import type { Member } from '../../support/members';
import { shoot, watchProblems } from '../../support/page-watch';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Screenshots the page as it is at desktop width and on a 390×844 phone. */
async function shootBoth(page: Page, name: string): Promise<void> {
  // From the top, with no hover or tab-indicator animation half done.
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await page.setViewportSize(DESKTOP);
  await shoot(page, `forums-${name}-desktop`);
  await page.setViewportSize(PHONE);
  await shoot(page, `forums-${name}-mobile`);
  await page.setViewportSize(DESKTOP);
}

/** A browser context of its own for `member`, signed in, on the home page. */
async function browse(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await signInContext(context, member);
  const page = await context.newPage();
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expectSignedIn(page, member);
  return page;
}

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text });

test('a discussion written with tags and a poll, answered, liked, voted on and bookmarked', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const author = await createVerifiedMember(request, 'writer');
  const reader = await createVerifiedMember(request, 'reader');
  const title = `Watering rota for the community garden ${Date.now().toString(36)}`;

  // A writes the discussion in the editor and publishes it.
  const a = await browse(browser, author);
  const aProblems = watchProblems(a);
  await a.goto('/discussions');
  await expect(a.getByRole('heading', { name: 'Discussions', level: 1 })).toBeVisible();
  await a.getByRole('link', { name: 'New discussion' }).click();
  await expect(a.getByRole('heading', { name: 'New discussion', level: 1 })).toBeVisible();
  await a.getByLabel('Title').fill(title);
  await a
    .getByLabel('Text')
    .fill(
      'The beds by the gate dry out fast in July.\n\n- Who can water **before work**?\n- Who prefers evenings?\n\nSee [the plan](https://example.com/plan).',
    );
  const tags = a.getByRole('combobox', { name: 'Tags' });
  await tags.fill('garden');
  await tags.press('Enter');
  await tags.fill('summer');
  await tags.press('Enter');
  await a.getByRole('button', { name: 'Add a poll' }).click();
  await a.getByRole('textbox', { name: 'Choice 1' }).fill('Mornings');
  await a.getByRole('textbox', { name: 'Choice 2' }).fill('Evenings');
  await a.getByRole('button', { name: 'Add choice' }).click();
  await a.getByRole('textbox', { name: 'Choice 3' }).fill('Weekends');
  await expect(a.getByRole('region', { name: 'Preview' }).getByText('before work')).toBeVisible();
  await shootBoth(a, 'editor');
  await a.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(a, 'Your discussion is published.')).toBeVisible();
  await expect(a).toHaveURL(/\/discussions\/\d+$/);
  const article = a.getByRole('article', { name: title });
  await expect(article).toBeVisible();
  await expect(article.getByRole('link', { name: '#garden' })).toBeVisible();
  await expect(article.getByRole('link', { name: '#summer' })).toBeVisible();
  await expect(article.getByRole('link', { name: 'the plan' })).toHaveAttribute(
    'rel',
    'nofollow ugc noopener',
  );
  const discussionPath = new URL(a.url()).pathname;

  // B opens it, comments, replies, likes, votes and bookmarks.
  const b = await browse(browser, reader);
  const bProblems = watchProblems(b);
  await b.goto('/discussions');
  const card = b.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: title }).click();
  await expect(b).toHaveURL(new RegExp(`${discussionPath}$`));
  const comments = b.getByRole('region', { name: /^Comments/ });
  await comments.getByLabel('Add a comment').fill('I can take **Tuesday** mornings.');
  await comments.getByRole('button', { name: 'Comment', exact: true }).click();
  const myComment = comments.getByRole('listitem', { name: `comment by ${reader.username}` });
  await expect(myComment.getByText('Tuesday')).toBeVisible();
  await myComment.getByRole('button', { name: 'Reply' }).click();
  await myComment.getByLabel(`Reply to ${reader.username}`).fill('And Thursdays if needed.');
  await myComment.getByRole('button', { name: 'Post reply' }).click();
  await expect(
    myComment.getByRole('listitem', { name: `reply by ${reader.username}` }),
  ).toContainText('And Thursdays if needed.');

  const bArticle = b.getByRole('article', { name: title });
  await bArticle.getByRole('button', { name: 'Like · 0' }).click();
  await expect(bArticle.getByRole('button', { name: 'Liked · 1' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const poll = b.getByRole('region', { name: 'Poll' });
  await poll.getByRole('button', { name: /^Mornings/ }).click();
  await expect(poll.getByRole('button', { name: 'Mornings: 100%, 1 vote' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await bArticle.getByRole('button', { name: 'Bookmark' }).click();
  await expect(toast(b, 'Bookmarked. Find it under My content.')).toBeVisible();
  await expect(bArticle.getByRole('button', { name: 'Bookmarked' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await shootBoth(b, 'discussion-reader');

  // A reloads and sees the counts.
  await a.reload();
  const reloaded = a.getByRole('article', { name: title });
  await expect(reloaded.getByRole('button', { name: 'Like · 1' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(a.getByRole('heading', { name: 'Comments 2' })).toBeVisible();
  const aPoll = a.getByRole('region', { name: 'Poll' });
  await expect(aPoll.getByText('1 vote', { exact: true })).toBeVisible();
  await expect(aPoll.getByRole('button', { name: 'Mornings: 100%, 1 vote' })).toBeVisible();
  await expect(reloaded.getByText(/\d+ views?/)).toBeVisible();
  await a.getByRole('button', { name: 'View 1 reply' }).click();
  await expect(a.getByText('And Thursdays if needed.')).toBeVisible();
  await shootBoth(a, 'discussion-author');

  // The feed shows the new discussion with its counts.
  await a.goto('/discussions');
  const feedCard = a.getByRole('article', { name: title });
  await expect(feedCard.getByTitle('1 like', { exact: true })).toBeVisible();
  await expect(feedCard.getByTitle('2 comments')).toBeVisible();
  await shootBoth(a, 'feed');

  // B's bookmark is under My content › Bookmarked, reached from the account menu.
  await b.getByRole('banner').getByRole('button', { name: 'Account' }).click();
  await b.getByRole('menuitem', { name: 'My content' }).click();
  await expect(b).toHaveURL(/\/my-content\/posted$/);
  await expect(b.getByRole('heading', { name: 'You have not posted yet' })).toBeVisible();
  await shootBoth(b, 'my-content-empty');
  await b.getByRole('tab', { name: 'Bookmarked' }).click();
  await expect(b).toHaveURL(/\/my-content\/bookmarked$/);
  await expect(
    b.getByRole('feed', { name: 'Bookmarked discussions' }).getByRole('article', { name: title }),
  ).toBeVisible();
  await shootBoth(b, 'my-content');

  expect(aProblems.problems).toEqual([]);
  expect(bProblems.problems).toEqual([]);
});
