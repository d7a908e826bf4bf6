import { expect, test } from '../../support/test';
import type { Page, Response } from '@playwright/test';
import { expectNoAxeViolations } from '../../support/axe';
import { browse, DESKTOP, PHONE } from '../../support/browsing';
import { createVerifiedMember } from '../../support/members';
import { shoot, watchProblems } from '../../support/page-watch';

const chatSearch = (page: Page) => page.getByRole('searchbox', { name: 'Search chats' });
const newMembers = (page: Page) => page.getByRole('list', { name: 'Members to start a chat with' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });

/** What went wrong on a page: answers of 400 or more (`STATUS METHOD path`) and console errors. */
interface Trouble {
  failed: string[];
  problems: string[];
}

/** Watches `page` from its first load on, for `browse`'s prepare step. */
function watchTrouble(trouble: Trouble) {
  return (page: Page) => {
    page.on('response', (response: Response) => {
      if (response.status() < 400) return;
      const { pathname } = new URL(response.url());
      trouble.failed.push(`${response.status()} ${response.request().method()} ${pathname}`);
    });
    trouble.problems = watchProblems(page).problems;
  };
}

test('a member finds another in the chat search, starts a chat by keyboard alone, and it arrives', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [a, b] = await Promise.all([
    createVerifiedMember(request, 'start_a'),
    createVerifiedMember(request, 'start_b'),
  ]);
  const troubleA: Trouble = { failed: [], problems: [] };
  const troubleB: Trouble = { failed: [], problems: [] };
  const pageA = await browse(browser, a, watchTrouble(troubleA));
  const pageB = await browse(browser, b, watchTrouble(troubleB));

  // B has no chats yet: the empty list, with nothing failing and nothing for axe to find.
  await pageB.goto('/chat');
  await expect(pageB.getByText('No conversations yet')).toBeVisible();
  await expectNoAxeViolations(pageB, 'chat, no conversations, desktop');
  await shoot(pageB, 'chat-start-empty-desktop');
  await pageB.setViewportSize(PHONE);
  await expect(pageB.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  await expectNoAxeViolations(pageB, 'chat, no conversations, phone');
  await shoot(pageB, 'chat-start-empty-mobile');
  await pageB.setViewportSize(DESKTOP);

  // A searches the chat page for B, whom A has never written to.
  await pageA.goto('/chat');
  await expect(pageA.getByText('No conversations yet')).toBeVisible();
  await chatSearch(pageA).focus();
  await pageA.keyboard.type(b.username);
  const offered = newMembers(pageA).getByRole('button', { name: new RegExp(b.username) });
  await expect(offered).toBeVisible();
  await expect(pageA.getByRole('heading', { name: 'Start a new chat' })).toBeVisible();
  await expectNoAxeViolations(pageA, 'chat, members found, desktop');
  await shoot(pageA, 'chat-start-search-desktop');

  // Keyboard only: Tab to B, Enter opens the conversation with the cursor in the message field.
  await pageA.keyboard.press('Tab');
  await expect(offered).toBeFocused();
  await pageA.keyboard.press('Enter');
  await expect(pageA.getByText(`Say hello to ${b.username}`)).toBeVisible();
  await expect(composer(pageA)).toBeFocused();
  await expectNoAxeViolations(pageA, 'chat, new conversation, desktop');
  await pageA.keyboard.type('Hello B, found you in the chat search.');
  await pageA.keyboard.press('Shift+Enter');
  await pageA.keyboard.type('Second line.');
  await expect(composer(pageA)).toHaveValue('Hello B, found you in the chat search.\nSecond line.');
  await pageA.keyboard.press('Enter');
  await expect(
    messages(pageA).getByText(/found you in the chat search\.\s+Second line\./),
  ).toBeVisible();
  await expect(composer(pageA)).toHaveValue('');
  await expect(
    pageA.getByRole('list', { name: 'Conversations' }).getByRole('listitem', { name: b.username }),
  ).toBeVisible();

  // B gets it live, opens it and answers.
  const fromA = pageB
    .getByRole('list', { name: 'Conversations' })
    .getByRole('listitem', { name: `${a.username}, unread` });
  await expect(fromA).toContainText('Hello B, found you in the chat search.');
  await fromA.getByRole('button').click();
  await expect(messages(pageB).getByText(/found you in the chat search/)).toBeVisible();
  await composer(pageB).fill('Hi A!');
  await composer(pageB).press('Enter');
  await expect(messages(pageA).getByText('Hi A!')).toBeVisible();

  // The open conversation on a phone: axe, and a look.
  await pageA.setViewportSize(PHONE);
  await expect(pageA.getByRole('heading', { level: 1, name: b.username })).toBeVisible();
  await expectNoAxeViolations(pageA, 'chat, open conversation, phone');
  await shoot(pageA, 'chat-start-conversation-mobile');
  await pageA.setViewportSize(DESKTOP);
  await expectNoAxeViolations(pageA, 'chat, open conversation, desktop');
  await shoot(pageA, 'chat-start-conversation-desktop');

  expect(troubleA).toEqual({ failed: [], problems: [] });
  expect(troubleB).toEqual({ failed: [], problems: [] });
});
