import { expect, failedResource, test } from '../../support/test';
import type { Discussion } from '@agora/shared';
import type { Page } from '@playwright/test';
import {
  asMember,
  createVerifiedMember,
  expectSignedIn,
  signInContext,
  staffMember,
} from '../../support/members';
import { shoot } from '../../support/page-watch';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text });

const shootBoth = async (page: Page, name: string) => {
  await shoot(page, `forums-staff-${name}-desktop`);
  await page.setViewportSize(PHONE);
  await shoot(page, `forums-staff-${name}-mobile`);
  await page.setViewportSize(DESKTOP);
};

test('a moderator silences a reported author, who sees why and cannot post, then lifts it', async ({
  browser,
  request,
  quietConsole,
}) => {
  // The silenced author's attempt to publish answers 403 on purpose.
  quietConsole.allow(failedResource(403, '/api/forums/forums/'));
  test.setTimeout(120_000);
  const author = await createVerifiedMember(request, 'loud');
  const reporters = [
    await createVerifiedMember(request, 'reporter'),
    await createVerifiedMember(request, 'reporter'),
  ] as const;
  const staff = await staffMember(request);
  const title = `Buy followers cheap ${Date.now().toString(36)}`;
  const created = await request.post('/api/forums/forums/', {
    ...asMember(author),
    data: { title, content: 'Followers for sale, message me.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const discussion = (await created.json()) as Discussion;
  for (const reporter of reporters) {
    const reported = await request.post('/api/forums/report/', {
      ...asMember(reporter),
      data: { model: 'forum', id: discussion.id, reason: 'spam' },
    });
    expect(reported.status(), await reported.text()).toBe(201);
  }
  const reason = `Selling followers in every thread (${Date.now().toString(36)})`;

  // The moderator silences the author from the report queue; the reason is required.
  const staffContext = await browser.newContext({ viewport: DESKTOP });
  await signInContext(staffContext, staff);
  const staffPage = await staffContext.newPage();
  await staffPage.goto('/moderation');
  await expectSignedIn(staffPage, staff);
  await expect(staffPage.getByRole('tab', { name: 'Reports' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const item = staffPage.getByRole('article', { name: title });
  await item.getByRole('button', { name: 'Silence author' }).click();
  const dialog = staffPage.getByRole('dialog', { name: `Silence ${author.username}` });
  await dialog.getByRole('button', { name: 'Silence' }).click();
  await expect(dialog.getByText('Say why: the member is shown this reason.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /Reason/ })).toBeFocused();
  await dialog.getByRole('combobox', { name: 'For how long' }).selectOption('1 week');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await shootBoth(staffPage, 'silence-dialog');
  await dialog.getByRole('button', { name: 'Silence' }).click();
  await expect(toast(staffPage, `${author.username} is silenced until`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The author sees the banner on every page, and the composer shows the server's refusal.
  const authorContext = await browser.newContext({ viewport: DESKTOP });
  await signInContext(authorContext, author);
  const authorPage = await authorContext.newPage();
  await authorPage.goto('/discussions');
  await expectSignedIn(authorPage, author);
  const banner = authorPage
    .getByRole('status')
    .filter({ hasText: 'Staff have silenced your account' });
  await expect(banner).toContainText(
    'You can read, but not post, comment, chat, upload or change your profile.',
  );
  await expect(banner).toContainText(`Reason: ${reason}`);
  await shootBoth(authorPage, 'silence-banner');
  await authorPage.goto('/discussions/new');
  await expect(authorPage.getByRole('heading', { name: 'New discussion', level: 1 })).toBeVisible();
  await expect(banner).toBeVisible();
  await authorPage.getByLabel('Title').fill('Followers, again');
  await authorPage.getByLabel('Text').fill('Still selling.');
  await authorPage.getByRole('button', { name: 'Publish' }).click();
  await expect(
    authorPage.getByRole('alert').filter({
      hasText: /Staff have silenced your account until .* UTC: you can read, but not post/,
    }),
  ).toContainText(reason);
  await expect(authorPage).toHaveURL(/\/discussions\/new$/);

  // The moderator finds the author on the Members tab and lifts the silence.
  await staffPage.getByRole('tab', { name: 'Members' }).click();
  await expect(staffPage).toHaveURL(/\/moderation\?tab=members$/);
  const row = staffPage
    .getByRole('list', { name: 'Staff and restricted members' })
    .getByRole('listitem', { name: author.username });
  await expect(row).toContainText('Silenced until');
  await expect(row).toContainText(reason);
  await shootBoth(staffPage, 'members');
  await row.getByRole('button', { name: 'Lift silence' }).click();
  await expect(toast(staffPage, `${author.username} can post again.`)).toBeVisible();

  // The banner goes with the next page load.
  await authorPage.reload();
  await expectSignedIn(authorPage, author);
  await expect(authorPage.getByRole('heading', { name: 'New discussion', level: 1 })).toBeVisible();
  await expect(authorPage.getByText('Staff have silenced your account')).toHaveCount(0);

  // The log tells both actions as sentences, newest first.
  await staffPage.getByRole('tab', { name: 'Log' }).click();
  await expect(staffPage).toHaveURL(/\/moderation\?tab=log$/);
  await staffPage
    .getByRole('searchbox', { name: 'Only actions about a member (username)' })
    .fill(author.username);
  const log = staffPage.getByRole('list', { name: `Staff actions about ${author.username}` });
  const entries = log.getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText(
    `${staff.username} lifted the silence of ${author.username} (was until`,
  );
  await expect(entries.nth(1)).toContainText(
    new RegExp(`^${staff.username} silenced ${author.username} until .* UTC — `),
  );
  await expect(entries.nth(1)).toContainText(reason);
  await shootBoth(staffPage, 'log');

  await authorContext.close();
  await staffContext.close();
});

test('staff hide a discussion from its page with a reason, then restore it', async ({
  browser,
  request,
}) => {
  const author = await createVerifiedMember(request, 'ranter');
  const staff = await staffMember(request);
  const title = `Off the rails ${Date.now().toString(36)}`;
  const created = await request.post('/api/forums/forums/', {
    ...asMember(author),
    data: { title, content: 'A rant about the neighbours.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const discussion = (await created.json()) as Discussion;

  const context = await browser.newContext({ viewport: DESKTOP });
  await signInContext(context, staff);
  const page = await context.newPage();
  await page.goto(`/discussions/${discussion.id}`);
  await expectSignedIn(page, staff);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Hide this discussion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide this discussion' });
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Personal attacks on neighbours.');
  await shootBoth(page, 'hide-dialog');
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(toast(page, 'The discussion is hidden from members.')).toBeVisible();
  const hidden = await request.get(`/api/forums/forums/${discussion.id}/`);
  expect(hidden.status()).toBe(404);

  await page.getByRole('button', { name: 'Restore this discussion' }).click();
  await expect(toast(page, 'The discussion is shown to members again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide this discussion' })).toBeVisible();
  const shown = await request.get(`/api/forums/forums/${discussion.id}/`);
  expect(shown.status()).toBe(200);
  await context.close();
});
