import { expect, test } from '../../support/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../support/axe';
import { browse, DESKTOP, PHONE } from '../../support/browsing';
import { asMember, createVerifiedMember } from '../../support/members';
import type { Member } from '../../support/members';
import { shoot, watchProblems } from '../../support/page-watch';

const CHATS = '/api/chats/chat-list/';

/** `from` writes `count` numbered messages to `to` through the API; answers the chat id. */
async function writeMessages(
  request: APIRequestContext,
  from: Member,
  to: Member,
  count: number,
): Promise<number> {
  const started = await request.post(CHATS, {
    ...asMember(from),
    data: { member: to.id, newmessage: 'Message 1: shall we plan the Saturday walk?' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { chatId } = (await started.json()) as { chatId: number };
  for (let n = 2; n <= count; n += 1) {
    const send = () =>
      request.post(`${CHATS}${chatId}/send_messages/`, {
        ...asMember(from),
        data: { newmessage: `Message ${n}: a line long enough to take some room in the panel.` },
      });
    let sent = await send();
    // The per-member send limit allows a short burst: wait out its window, as its message asks.
    while (sent.status() === 429) {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      sent = await send();
    }
    expect(sent.status(), await sent.text()).toBe(201);
  }
  return chatId;
}

/** The box that scrolls the conversation: the nearest scrollable one around the messages. */
async function messageScroller(page: Page): Promise<Locator> {
  await page.getByRole('list', { name: 'Messages' }).evaluate((list) => {
    let box = list.parentElement;
    while (box && getComputedStyle(box).overflowY !== 'auto') box = box.parentElement;
    if (!box) throw new Error('Nothing scrolls the messages.');
    box.dataset.messageScroller = '';
  });
  return page.locator('[data-message-scroller]');
}

/** How far the document itself is scrolled, and how far it could be. */
const documentScroll = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return {
      top: root.scrollTop,
      windowY: window.scrollY,
      overflow: root.scrollHeight - root.clientHeight,
    };
  });

test('the chat page fills the window: the conversation scrolls in its panel, the page never moves', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [a, b] = await Promise.all([
    createVerifiedMember(request, 'layout_a'),
    createVerifiedMember(request, 'layout_b'),
  ]);
  await writeMessages(request, b, a, 16);
  let problems: string[] = [];
  const page = await browse(browser, a, (opened) => {
    problems = watchProblems(opened).problems;
  });

  await page.goto('/chat');
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('listitem', { name: new RegExp(b.username) })
    .getByRole('button')
    .click();
  const list = page.getByRole('list', { name: 'Messages' });
  await expect(list.getByText(/^Message 16:/)).toBeVisible();

  // The messages overflow their panel, which scrolls; the document has nothing to scroll.
  const scroller = await messageScroller(page);
  const overflow = await scroller.evaluate((box) => box.scrollHeight - box.clientHeight);
  expect(overflow).toBeGreaterThan(0);
  expect(await documentScroll(page)).toEqual({ top: 0, windowY: 0, overflow: 0 });
  await scroller.evaluate((box) => box.scrollBy(0, -200));
  await expect.poll(() => scroller.evaluate((box) => box.scrollTop)).toBeLessThan(0);
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 600);
  expect((await documentScroll(page)).windowY).toBe(0);

  // A message arriving live moves nothing but the panel's own content.
  await scroller.evaluate((box) => box.scrollTo(0, 0));
  const sent = await request.post(`${CHATS}${await chatIdOf(page)}/send_messages/`, {
    ...asMember(b),
    data: { newmessage: 'Message 17: arrived while you were reading.' },
  });
  expect(sent.status()).toBe(201);
  await expect(list.getByText(/^Message 17:/)).toBeInViewport();
  expect(await documentScroll(page)).toEqual({ top: 0, windowY: 0, overflow: 0 });
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await shoot(page, 'chat-layout-conversation-desktop');

  // A phone: the open conversation owns the screen, with its own h1 and no global search.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('heading', { level: 1, name: b.username })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search Agora' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back to conversations' })).toBeVisible();
  expect(await documentScroll(page)).toEqual({ top: 0, windowY: 0, overflow: 0 });
  await expectNoAxeViolations(page, 'chat, open conversation with history, phone');
  await shoot(page, 'chat-layout-conversation-mobile');

  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search Agora' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expectNoAxeViolations(page, 'chat, list, phone');
  await shoot(page, 'chat-layout-list-mobile');
  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page, 'chat, list, desktop');

  // Leaving chat inside the app brings the footer and the page's own scrolling back.
  await page.getByRole('banner').getByRole('link', { name: 'Discussions' }).click();
  await expect(page).toHaveURL(/\/discussions$/);
  await expect(page.getByRole('contentinfo')).toBeAttached();
  expect(problems).toEqual([]);
});

/** The open chat's id, as the page keeps it in session storage (SPEC §3 'userSelected'). */
async function chatIdOf(page: Page): Promise<number> {
  const stored = await page.evaluate(() => sessionStorage.getItem('userSelected'));
  const { chatId } = JSON.parse(stored ?? '{}') as { chatId?: number };
  if (typeof chatId !== 'number') throw new Error('No chat is open.');
  return chatId;
}
