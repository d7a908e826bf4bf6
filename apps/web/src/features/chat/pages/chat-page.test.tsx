import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADA,
  cleanUpWired,
  earlierToday,
  entry,
  fakeChatApi,
  hoursAgo,
  message,
  ME,
  renderWired,
  signInAsMe,
  socketFor,
  yesterdayNoon,
} from '../../../../test/chat-fixtures';
import { setViewportWidth } from '../../../../test/viewport';
import { bodyOf } from '../../../lib/testing/fake-server';
import type { FakeServer } from '../../../lib/testing/fake-server';
import { FakeWebSocket } from '../../../lib/testing/fake-websocket';
import { connectionChanged } from '../index';

const LIST = '/api/chats/chat-list/';
const ada = entry(2, {
  displayName: 'Ada Lovelace',
  userId: [ADA],
  chatViewed: false,
  chatmessage: { message: 'Shall we meet?', createdAt: hoursAgo(1), sender: ADA },
});
const bob = entry(3, {
  displayName: 'Bob Babbage',
  chatmessage: { message: 'See you', createdAt: yesterdayNoon(), sender: ME },
});
const adaSelected = { chatId: 2, userId: ADA, displayName: 'Ada Lovelace', chatProfile: null };

let server: FakeServer;
beforeEach(() => {
  server = fakeChatApi();
  signInAsMe();
});
afterEach(cleanUpWired);

function serveChats(entries = [bob, ada]) {
  server.on('GET', LIST, { status: 200, data: { results: entries, next: null } });
}

function serveMessages(chatId: number, pages: Record<string, ReturnType<typeof message>[]>) {
  server.on('GET', `${LIST}${chatId}/messages_list/`, (request) => {
    const cursor = typeof request.params?.cursor === 'string' ? request.params.cursor : '';
    const keys = Object.keys(pages);
    const next = keys[keys.indexOf(cursor) + 1] ?? null;
    return { status: 200, data: { results: pages[cursor] ?? [], next } };
  });
  server.on('PUT', `${LIST}${chatId}/read_chatmessages/`, { status: 200, data: {} });
}

const conversationList = () => screen.findByRole('list', { name: 'Conversations' });

/** Opens the conversation listed as `name`. */
async function openChat(user: ReturnType<typeof userEvent.setup>, name: string) {
  const row = within(await conversationList()).getByRole('listitem', { name });
  await user.click(within(row).getByRole('button'));
}

describe('chat page', () => {
  it('asks a signed-out visitor to log in, without any chat call', async () => {
    cleanUpWired();
    server = fakeChatApi();
    renderWired('/chat');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
    expect(screen.getByText('Log in to chat')).toBeVisible();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fchat',
    );
    expect(server.requests.filter((r) => r.url?.startsWith('/api/chats/'))).toHaveLength(0);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('shows the empty states when there is no conversation', async () => {
    serveChats([]);
    renderWired('/chat');
    expect(await screen.findByText('No conversations yet')).toBeVisible();
    expect(screen.getByText('Select a conversation')).toBeVisible();
  });

  it('lists chats newest first with name, last message, time and an unread mark', async () => {
    serveChats();
    renderWired('/chat');
    const rows = within(await conversationList()).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Ada Lovelace, unread',
      'Bob Babbage',
    ]);
    expect(rows[0]).toHaveTextContent('Shall we meet?');
    expect(rows[1]).toHaveTextContent('You: See you');
    expect(within(rows[1] as HTMLElement).getByText('Yesterday')).toBeVisible();
  });

  it('opens a chat: messages by day, read call, selection kept in session storage', async () => {
    serveChats();
    serveMessages(2, {
      '': [
        message(11, 2, { createdAt: earlierToday(), message: 'Today at noon?', user: ADA }),
        message(10, 2, { createdAt: hoursAgo(50), message: 'Hello Ada', user: ME, read: true }),
      ],
    });
    const user = userEvent.setup();
    renderWired('/chat');
    await openChat(user, 'Ada Lovelace, unread');

    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => within(item).queryByRole('separator') === null);
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Hello Ada'),
      expect.stringContaining('Today at noon?'),
    ]);
    const separators = within(list).getAllByRole('separator');
    expect(separators.map((s) => s.getAttribute('aria-label'))).toEqual([
      expect.not.stringMatching(/^(Today|Yesterday)$/),
      'Today',
    ]);
    expect(within(list).getByTitle('Seen')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.received('PUT', `${LIST}2/read_chatmessages/`)).toHaveLength(1),
    );
    expect(JSON.parse(sessionStorage.getItem('userSelected') ?? 'null')).toEqual(adaSelected);
    expect(within(await conversationList()).getByRole('listitem', { name: 'Ada Lovelace' }));
  });

  it('sends with Enter, starts a new line with Shift+Enter, and shows the 5,000 limit', async () => {
    sessionStorage.setItem('userSelected', JSON.stringify(adaSelected));
    serveChats();
    serveMessages(2, { '': [] });
    server.on('POST', `${LIST}2/send_messages/`, (request) => ({
      status: 201,
      data: message(20, 2, {
        user: ME,
        createdAt: new Date().toISOString(),
        message: (bodyOf(request) as { newmessage: string }).newmessage,
      }),
    }));
    const user = userEvent.setup();
    renderWired('/chat');
    const field = await screen.findByRole('textbox', { name: 'Message' });

    await user.type(field, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(field).toHaveValue('First line\nsecond line');
    expect(server.received('POST', `${LIST}2/send_messages/`)).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('22 / 5,000');

    await user.type(field, '{Enter}');
    await waitFor(() => expect(field).toHaveValue(''));
    expect(bodyOf(server.received('POST', `${LIST}2/send_messages/`)[0])).toEqual({
      newmessage: 'First line\nsecond line',
    });
    const list = screen.getByRole('list', { name: 'Messages' });
    expect(within(list).getByText(/First line\s+second line/)).toBeVisible();

    fireEvent.change(field, { target: { value: 'x'.repeat(5001) } });
    expect(screen.getByRole('status')).toHaveTextContent('Too long to send: 5,001 / 5,000');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('adds live messages of the open chat and marks them read', async () => {
    sessionStorage.setItem('userSelected', JSON.stringify(adaSelected));
    serveChats();
    serveMessages(2, { '': [message(11, 2)] });
    renderWired('/chat');
    await screen.findByText('Message 11');
    await waitFor(() =>
      expect(server.received('PUT', `${LIST}2/read_chatmessages/`)).toHaveLength(1),
    );

    act(() => {
      socketFor('/ws/chats/').open();
      socketFor('/ws/chats/').receive({
        type: 'chat_message',
        id: 12,
        chatId: 2,
        message: 'Are you there?',
        unreadchat: 1,
        createdAt: new Date().toISOString(),
        user: ADA,
        userProfile: null,
      });
    });
    const list = screen.getByRole('list', { name: 'Messages' });
    expect(await within(list).findByText('Are you there?')).toBeVisible();
    await waitFor(() =>
      expect(server.received('PUT', `${LIST}2/read_chatmessages/`)).toHaveLength(2),
    );
  });

  it('loads earlier messages with the keyset cursor', async () => {
    sessionStorage.setItem('userSelected', JSON.stringify(adaSelected));
    serveChats();
    serveMessages(2, {
      '': [message(11, 2, { message: 'Newer' })],
      c1: [message(5, 2, { createdAt: hoursAgo(3), message: 'Older' })],
    });
    const user = userEvent.setup();
    renderWired('/chat');
    await screen.findByText('Newer');
    await user.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(await screen.findByText('Older')).toBeVisible();
    const calls = server.received('GET', `${LIST}2/messages_list/`);
    expect(calls.at(-1)?.params).toEqual({ cursor: 'c1' });
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
  });

  it('shows who blocked whom and turns the composer off', async () => {
    sessionStorage.setItem('userSelected', JSON.stringify(adaSelected));
    serveChats([{ ...ada, blockedByMe: 'True', isBlocked: 'True' }, bob]);
    serveMessages(2, { '': [message(11, 2)] });
    server.on('POST', `${LIST}chat_unblock/`, { status: 200, data: {} });
    const user = userEvent.setup();
    renderWired('/chat');
    expect(await screen.findByText('You blocked this member')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('You unblocked Ada Lovelace.')).toBeVisible();
    expect(bodyOf(server.received('POST', `${LIST}chat_unblock/`)[0])).toEqual({
      chat_unblock_id: 2,
    });
    expect(screen.queryByText('You blocked this member')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  });

  it("tells a blocked member they can't reply", async () => {
    sessionStorage.setItem('userSelected', JSON.stringify(adaSelected));
    serveChats([{ ...ada, isBlocked: 'True' }]);
    serveMessages(2, { '': [message(11, 2)] });
    renderWired('/chat');
    expect(await screen.findByText("You can't reply to this conversation")).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  });

  it('shows a block that came in when a send is refused', async () => {
    sessionStorage.setItem('userSelected', JSON.stringify(adaSelected));
    let blocked = false;
    server.on('GET', LIST, () => ({
      status: 200,
      data: { results: [{ ...ada, isBlocked: blocked ? 'True' : 'False' }], next: null },
    }));
    serveMessages(2, { '': [] });
    server.on('POST', `${LIST}2/send_messages/`, () => {
      blocked = true;
      return { status: 403, data: { detail: 'You cannot message this member.' } };
    });
    const user = userEvent.setup();
    renderWired('/chat');
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    expect(await screen.findByText('You cannot message this member.')).toBeVisible();
    expect(await screen.findByText("You can't reply to this conversation")).toBeVisible();
  });

  it('blocks from the menu, and deletes after confirming', async () => {
    sessionStorage.setItem('userSelected', JSON.stringify(adaSelected));
    serveChats();
    serveMessages(2, { '': [message(11, 2)] });
    server.on('POST', `${LIST}2/chat_block/`, { status: 200, data: {} });
    server.on('DELETE', `${LIST}2/`, { status: 204 });
    const user = userEvent.setup();
    renderWired('/chat');
    await screen.findByText('Message 11');

    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block Ada Lovelace' }));
    expect(await screen.findByText('You blocked this member')).toBeVisible();
    expect(bodyOf(server.received('POST', `${LIST}2/chat_block/`)[0])).toEqual({ user_id: ADA });

    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Conversation deleted.')).toBeVisible();
    expect(server.received('DELETE', `${LIST}2/`)).toHaveLength(1);
    expect(screen.getByText('Select a conversation')).toBeVisible();
    expect(sessionStorage.getItem('userSelected')).toBeNull();
  });

  it('starts a chat from a profile selection with POST {member, newmessage}', async () => {
    sessionStorage.setItem(
      'userSelected',
      JSON.stringify({ chatId: null, userId: ADA, displayName: 'Ada Lovelace', chatProfile: null }),
    );
    serveChats([bob]);
    serveMessages(9, { '': [message(30, 9, { user: ME, message: 'Hi Ada!' })] });
    server.on('POST', LIST, {
      status: 201,
      data: entry(9, {
        displayName: 'Ada Lovelace',
        userId: [ADA],
        chatmessage: { message: 'Hi Ada!', createdAt: new Date().toISOString(), sender: ME },
      }),
    });
    const user = userEvent.setup();
    renderWired('/chat');
    expect(await screen.findByText('Say hello to Ada Lovelace')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi Ada!{Enter}');

    await waitFor(() =>
      expect(bodyOf(server.received('POST', LIST)[0])).toEqual({
        member: ADA,
        newmessage: 'Hi Ada!',
      }),
    );
    expect(await screen.findByRole('list', { name: 'Messages' })).toHaveTextContent('Hi Ada!');
    const rows = within(await conversationList()).getAllByRole('listitem');
    expect(rows[0]).toHaveAttribute('aria-label', 'Ada Lovelace');
    expect(JSON.parse(sessionStorage.getItem('userSelected') ?? 'null')).toMatchObject({
      chatId: 9,
    });
  });

  it('searches by name with search_chatllist/?q=', async () => {
    serveChats();
    server.on('GET', `${LIST}search_chatllist/`, {
      status: 200,
      data: { results: [bob], next: null },
    });
    const user = userEvent.setup();
    renderWired('/chat');
    await conversationList();
    await user.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'bab');
    const found = await screen.findByRole('list', { name: 'Matching conversations' });
    expect(
      within(found)
        .getAllByRole('listitem')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Bob Babbage']);
    expect(server.received('GET', `${LIST}search_chatllist/`).at(-1)?.params).toEqual({ q: 'bab' });
  });

  it('offers "Disconnected — retry" once the socket gave up, and reconnects on demand', async () => {
    serveChats();
    const user = userEvent.setup();
    const { store } = renderWired('/chat');
    await conversationList();
    expect(screen.queryByText(/Disconnected — retry/)).toBeNull();
    const before = FakeWebSocket.instances.length;

    act(() => {
      store.dispatch(connectionChanged({ state: 'disconnected', reason: 'gave-up' }));
    });
    expect(screen.getByText(/Disconnected — retry/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(FakeWebSocket.instances).toHaveLength(before + 1);
    expect(socketFor('/ws/chats/')).toBe(FakeWebSocket.last());
    act(() => FakeWebSocket.last().open());
    expect(screen.queryByText(/Disconnected — retry/)).toBeNull();
  });

  it('shows the list and the conversation one at a time on phones', async () => {
    setViewportWidth(390);
    serveChats();
    serveMessages(2, { '': [message(11, 2)] });
    const user = userEvent.setup();
    renderWired('/chat');
    await openChat(user, 'Ada Lovelace, unread');
    expect(await screen.findByText('Message 11')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Conversations' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(await conversationList()).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Messages' })).toBeNull();
    expect(sessionStorage.getItem('userSelected')).toBeNull();
  });
});
