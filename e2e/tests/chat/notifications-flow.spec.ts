import { expect, test } from '../../support/test';
import {
  asMember,
  createVerifiedMember,
  expectSignedIn,
  signInContext,
} from '../../support/members';
import { shoot, watchProblems } from '../../support/page-watch';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

interface RecordedNotice {
  title: string;
  body: string | undefined;
}

declare global {
  interface Window {
    /** Desktop notifications the page raised, recorded by the stub below. */
    recordedNotices: RecordedNotice[];
    permissionRequests: number;
  }
}

/**
 * Stands in for the browser's Notification before the app loads: headless Chromium shows
 * nothing, so the stub records what the app asks for. Permission starts undecided, so the app
 * has to ask for it.
 */
function stubDesktopNotifications(): void {
  window.recordedNotices = [];
  window.permissionRequests = 0;
  let permission: NotificationPermission = 'default';
  // A plain function, so `new Notification(...)` in the app runs it as a constructor.
  function RecordingNotification(title: string, options?: NotificationOptions): void {
    window.recordedNotices.push({ title, body: options?.body });
  }
  RecordingNotification.requestPermission = (): Promise<NotificationPermission> => {
    window.permissionRequests += 1;
    permission = 'granted';
    return Promise.resolve(permission);
  };
  Object.defineProperty(RecordingNotification, 'permission', { get: () => permission });
  Object.defineProperty(window, 'Notification', { value: RecordingNotification, writable: true });
}

test('a comment on her discussion reaches B live: bell, desktop notification, list', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [a, b] = await Promise.all([
    createVerifiedMember(request, 'note_a'),
    createVerifiedMember(request, 'note_b'),
  ]);

  const created = await request.post('/api/forums/forums/', {
    ...asMember(b),
    data: {
      title: 'Where should the autumn meetup be?',
      content: 'Ideas welcome, near a station.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const discussion = (await created.json()) as { id: number };

  const context = await browser.newContext({ viewport: DESKTOP, permissions: ['notifications'] });
  await context.addInitScript(stubDesktopNotifications);
  await signInContext(context, b);
  const page = await context.newPage();
  const { problems } = watchProblems(page);
  await page.goto('/');
  await expectSignedIn(page, b);
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // The empty bell menu and page.
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('You’re all caught up')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // A comments on B's discussion; B's bell count rises without a reload.
  const commented = await request.post('/api/forums/forums-comment/', {
    ...asMember(a),
    data: { forum: discussion.id, content: 'The library by the station has a free room.' },
  });
  expect(commented.status(), await commented.text()).toBe(201);
  await expect(bell).toHaveAccessibleName('Notifications, 1 new');

  // A desktop notification was requested, after asking permission once.
  await expect
    .poll(() => page.evaluate(() => window.recordedNotices))
    .toEqual([{ title: 'New Notification!', body: expect.stringContaining(a.username) }]);
  expect(await page.evaluate(() => window.permissionRequests)).toBe(1);

  // The bell menu lists it; opening it marks it viewed and goes to the discussion.
  await bell.click();
  const item = panel.getByRole('button', { name: /, new$/ });
  await expect(item).toContainText(a.username);
  await expect(item).toContainText('Where should the autumn meetup be?');
  // The panel grows in; shoot it once it is fully drawn.
  await expect(panel).toHaveCSS('opacity', '1');
  await shoot(page, 'notifications-bell-menu-desktop');
  await page.setViewportSize(PHONE);
  await shoot(page, 'notifications-bell-menu-mobile');
  await page.setViewportSize(DESKTOP);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/discussions/${discussion.id}`));
  await expect(bell).toHaveAccessibleName('Notifications');

  // A second comment, then "Mark all as read" on the full page.
  const again = await request.post('/api/forums/forums-comment/', {
    ...asMember(a),
    data: { forum: discussion.id, content: 'Or the café next to it, on Thursdays.' },
  });
  expect(again.status(), await again.text()).toBe(201);
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ new$/);
  await page.goto('/notifications');
  const list = page.getByRole('list', { name: 'Notifications' });
  // The first is viewed; the second is new (or regrouped with the first, as the server decides).
  await expect(list.getByRole('button', { name: /, new$/ })).toHaveCount(1);
  await shoot(page, 'notifications-page-desktop');
  await page.setViewportSize(PHONE);
  await shoot(page, 'notifications-page-mobile');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(list.getByRole('button', { name: /, new$/ })).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notifications');

  expect(problems).toEqual([]);
  await context.close();
});
