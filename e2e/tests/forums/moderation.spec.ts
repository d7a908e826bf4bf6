import { expect, failedResource, test } from '../../support/test';
import type { Discussion, DiscussionPage, FeaturedPage, ReportedObjectPage } from '@agora/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  asMember,
  createVerifiedMember,
  expectSignedIn,
  signInContext,
  staffMember,
  type Member,
} from '../../support/members';
import { shoot, watchProblems } from '../../support/page-watch';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

const feedIds = async (request: APIRequestContext, member: Member) => {
  const response = await request.get('/api/forums/forums/?limit=100', asMember(member));
  return ((await response.json()) as DiscussionPage).results.map((item) => item.id);
};

const featuredIds = async (request: APIRequestContext) => {
  const response = await request.get('/api/common/featured-post/?model_type=forum&limit=100');
  return ((await response.json()) as FeaturedPage).results.map((item) => item.id);
};

test('three reports hide a discussion until staff dismiss them; staff feature it', async ({
  browser,
  request,
  quietConsole,
}) => {
  // The hidden discussion's page answers 404 on purpose.
  quietConsole.allow(failedResource(404));
  test.setTimeout(120_000);
  const author = await createVerifiedMember(request, 'author');
  const reporters = [
    await createVerifiedMember(request, 'reporter'),
    await createVerifiedMember(request, 'reporter'),
    await createVerifiedMember(request, 'reporter'),
  ] as const;
  const staff = await staffMember(request);
  const title = `Cheap watches ${Date.now().toString(36)}`;
  const created = await request.post('/api/forums/forums/', {
    ...asMember(author),
    data: { title, content: 'Visit my shop for **cheap** watches, today only.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const discussion = (await created.json()) as Discussion;
  const pageUrl = `/discussions/${discussion.id}`;

  // The first member reports it through the dialog on the discussion page.
  const memberContext = await browser.newContext({ viewport: DESKTOP });
  await signInContext(memberContext, reporters[0]);
  const page = await memberContext.newPage();
  const { problems } = watchProblems(page);
  await page.goto(pageUrl);
  await expectSignedIn(page, reporters[0]);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Report this discussion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this discussion' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose a reason.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
  await dialog.getByLabel('Details (optional)').fill('An advert for a watch shop.');
  await shoot(page, 'forums-report-dialog-desktop');
  await page.setViewportSize(PHONE);
  await shoot(page, 'forums-report-dialog-mobile');
  await page.setViewportSize(DESKTOP);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(toast(page, 'Thanks — our moderators will take a look.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Two more members report it through the API: the third report hides it.
  for (const reporter of reporters.slice(1)) {
    const reported = await request.post('/api/forums/report/', {
      ...asMember(reporter),
      data: { model: 'forum', id: discussion.id, reason: 'spam' },
    });
    expect(reported.status(), await reported.text()).toBe(201);
  }
  expect(await feedIds(request, reporters[0])).not.toContain(discussion.id);
  const hidden = await request.get(`/api/forums/forums/${discussion.id}/`, asMember(reporters[1]));
  expect(hidden.status()).toBe(404);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Oh no... a broken link!' })).toBeVisible();
  await page.goto('/discussions');
  await expect(page.getByRole('heading', { name: 'Discussions', level: 1 })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  // Staff review it on /moderation and dismiss the reports.
  const staffContext = await browser.newContext({ viewport: DESKTOP });
  await signInContext(staffContext, staff);
  const staffPage = await staffContext.newPage();
  const staffProblems = watchProblems(staffPage).problems;
  await staffPage.goto('/');
  await expectSignedIn(staffPage, staff);
  await staffPage.getByRole('banner').getByRole('button', { name: 'Account' }).click();
  await staffPage.getByRole('menuitem', { name: 'Moderation' }).click();
  await expect(staffPage).toHaveURL(/\/moderation$/);
  const item = staffPage.getByRole('article', { name: title });
  await expect(item).toBeVisible();
  await expect(item.getByText('3 reports')).toBeVisible();
  await expect(item.getByText('Hidden by reports')).toBeVisible();
  await expect(item.getByText('An advert for a watch shop.')).toBeVisible();
  await shoot(staffPage, 'forums-moderation-desktop');
  await staffPage.setViewportSize(PHONE);
  await shoot(staffPage, 'forums-moderation-mobile');
  await staffPage.setViewportSize(DESKTOP);
  await item.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast(staffPage, 'Reports dismissed; the post is shown to members.')).toBeVisible();
  await expect(item).toBeHidden();
  const queue = await staffPage.request.get('/api/moderation/reports/', asMember(staff));
  const queued = ((await queue.json()) as ReportedObjectPage).results.map((entry) => entry.id);
  expect(queued).not.toContain(discussion.id);
  if (queued.length === 0) {
    await expect(staffPage.getByRole('heading', { name: 'Nothing to review' })).toBeVisible();
    await shoot(staffPage, 'forums-moderation-empty-desktop');
  }

  // Visible again for everyone.
  expect(await feedIds(request, reporters[0])).toContain(discussion.id);
  await page.goto(pageUrl);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // A member who is not staff is told the page is not for them.
  await page.goto('/moderation');
  await expect(page.getByRole('heading', { name: 'Only staff can see this page' })).toBeVisible();
  await shoot(page, 'forums-moderation-not-staff-desktop');

  // Staff feature the discussion from its page, then unfeature it.
  await staffPage.goto(pageUrl);
  await staffPage.getByRole('button', { name: 'Feature', exact: true }).click();
  await expect(toast(staffPage, 'Featured on the discussions page.')).toBeVisible();
  expect(await featuredIds(request)).toContain(discussion.id);
  await staffPage.getByRole('button', { name: 'Unfeature' }).click();
  await expect(toast(staffPage, 'No longer featured.')).toBeVisible();
  expect(await featuredIds(request)).not.toContain(discussion.id);
  await expect(page.getByRole('button', { name: 'Feature', exact: true })).toHaveCount(0);

  // The hidden discussion's page answered 404 on purpose; nothing else may fail.
  expect(problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
  expect(staffProblems).toEqual([]);
  await memberContext.close();
  await staffContext.close();
});
