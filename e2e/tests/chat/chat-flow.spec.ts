import { expect, failedResource, test } from '../../support/test';
import type { Page } from '@playwright/test';
import { createVerifiedMember, expectSignedIn, signInContext } from '../../support/members';
import { shoot, watchProblems } from '../../support/page-watch';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Chromium logs every non-2xx answer; these are expected. */
const FAILED_403 =
  'console: Failed to load resource: the server responded with a status of 403 (Forbidden)';

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text });

const chatNav = (page: Page) =>
  page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link', {
    name: /^Chat/,
  });

const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });
/** The member's entry in the list, read (no ", unread" in its name). */
const readEntry = (page: Page, username: string) =>
  conversations(page).getByRole('listitem', { name: username, exact: true });
const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

test('two members chat live, then one blocks the other', async ({
  browser,
  request,
  quietConsole,
}) => {
  test.setTimeout(120_000);
  // B's message after the block is refused on purpose.
  quietConsole.allow(failedResource(403, '/api/chats/chat-list/'));
  const [a, b] = await Promise.all([
    createVerifiedMember(request, 'chat_a'),
    createVerifiedMember(request, 'chat_b'),
  ]);
  const contextA = await browser.newContext({ viewport: DESKTOP });
  const contextB = await browser.newContext({ viewport: DESKTOP });
  await Promise.all([signInContext(contextA, a), signInContext(contextB, b)]);
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  const problemsA = watchProblems(pageA).problems;
  const problemsB = watchProblems(pageB).problems;

  // B waits on the chat page, with nothing in it yet.
  await pageB.goto('/chat');
  await expectSignedIn(pageB, b);
  await expect(pageB.getByText('No conversations yet')).toBeVisible();
  await expect(pageB.getByText('Select a conversation')).toBeVisible();
  await shoot(pageB, 'chat-empty-desktop');

  // A starts the chat from B's profile.
  await pageA.goto(`/user-info/${b.username}`);
  await expect(pageA.getByRole('heading', { name: b.username, level: 1 })).toBeVisible();
  await expect(pageA.getByRole('button', { name: 'Block' })).toBeEnabled();
  await shoot(pageA, 'chat-profile-actions-desktop');
  await pageA.setViewportSize(PHONE);
  await shoot(pageA, 'chat-profile-actions-mobile');
  await pageA.setViewportSize(DESKTOP);
  await pageA.getByRole('button', { name: 'Message' }).click();
  await expect(pageA).toHaveURL(/\/chat$/);
  await expect(pageA.getByText(`Say hello to ${b.username}`)).toBeVisible();
  await composer(pageA).fill('Hello B! Did you see the new forum?');
  await composer(pageA).press('Enter');
  await expect(messages(pageA).getByText('Hello B! Did you see the new forum?')).toBeVisible();
  await expect(composer(pageA)).toHaveValue('');
  await expect(readEntry(pageA, b.username)).toBeVisible();

  // B gets it live: a new chat entry on top, unread, and the count on the Chat link.
  const fromA = conversations(pageB).getByRole('listitem', { name: `${a.username}, unread` });
  await expect(fromA).toBeVisible();
  await expect(fromA).toContainText('Hello B! Did you see the new forum?');
  await expect(chatNav(pageB)).toHaveAccessibleName(/^Chat\s*1 unread$/);

  // A leaves the chat page, so B's reply arrives as unread for A.
  await pageA.goto('/');
  await expect(chatNav(pageA)).toHaveAccessibleName('Chat');

  // B opens the conversation: it is read, the badge goes, and B replies over two lines.
  await fromA.click();
  await expect(messages(pageB).getByText('Hello B! Did you see the new forum?')).toBeVisible();
  await expect(readEntry(pageB, a.username)).toBeVisible();
  await expect(chatNav(pageB)).toHaveAccessibleName('Chat');
  await composer(pageB).fill('Yes, I did!');
  await composer(pageB).press('Shift+Enter');
  await composer(pageB).pressSequentially('See you there.');
  await expect(composer(pageB)).toHaveValue('Yes, I did!\nSee you there.');
  await composer(pageB).press('Enter');
  await expect(messages(pageB).getByText(/Yes, I did!\s+See you there\./)).toBeVisible();

  // A's badge rises live; opening the chat shows the reply and B's read mark on A's message.
  await expect(chatNav(pageA)).toHaveAccessibleName(/^Chat\s*1 unread$/);
  await chatNav(pageA).click();
  await expect(messages(pageA).getByText(/Yes, I did!\s+See you there\./)).toBeVisible();
  await expect(messages(pageA).getByRole('img', { name: 'Seen' })).toBeVisible();
  await expect(chatNav(pageA)).toHaveAccessibleName('Chat');
  await shoot(pageA, 'chat-conversation-desktop');
  await pageA.setViewportSize(PHONE);
  await shoot(pageA, 'chat-conversation-mobile');
  await pageA.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(readEntry(pageA, b.username)).toBeVisible();
  await shoot(pageA, 'chat-list-mobile');
  await readEntry(pageA, b.username).click();
  await pageA.setViewportSize(DESKTOP);

  // A blocks B from the conversation menu.
  await pageA.getByRole('button', { name: 'Conversation options' }).click();
  await pageA.getByRole('menuitem', { name: `Block ${b.username}` }).click();
  await expect(toast(pageA, `You blocked ${b.username}.`)).toBeVisible();
  await expect(pageA.getByText('You blocked this member')).toBeVisible();
  await expect(composer(pageA)).toBeDisabled();
  await shoot(pageA, 'chat-blocked-by-me-desktop');

  // B, without reloading, tries to answer: refused, then the banner explains why.
  await composer(pageB).fill('Are you still there?');
  await composer(pageB).press('Enter');
  await expect(toast(pageB, 'This member does not accept messages from you.')).toBeVisible();
  await expect(pageB.getByText("You can't reply to this conversation")).toBeVisible();
  await expect(composer(pageB)).toBeDisabled();
  await expect(messages(pageB).getByText('Are you still there?')).toHaveCount(0);
  await shoot(pageB, 'chat-blocked-desktop');

  // A reload keeps B's selection (session storage) and the banner.
  await pageB.reload();
  await expect(pageB.getByText("You can't reply to this conversation")).toBeVisible();
  await expect(messages(pageB).getByText('Hello B! Did you see the new forum?')).toBeVisible();

  expect(problemsA).toEqual([]);
  expect(problemsB.filter((problem) => problem !== FAILED_403)).toEqual([]);
  await contextA.close();
  await contextB.close();
});
