import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberHit, UserChat } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADA,
  BOB,
  cleanUpWired,
  entry,
  fakeChatApi,
  message,
  ME,
  renderWired,
  signInAsMe,
} from '../../../../test/chat-fixtures';
import { setViewportWidth } from '../../../../test/viewport';
import { bodyOf } from '../../../lib/testing/fake-server';
import type { FakeServer } from '../../../lib/testing/fake-server';

const LIST = '/api/chats/chat-list/';
const MEMBERS = '/api/common/userdata/';
const CYD = 9;

const hit = (id: number, username: string, firstName = '', lastName = ''): MemberHit => ({
  id,
  username,
  firstName,
  lastName,
  avatar: null,
});
const bobChat = entry(3, { displayName: 'Bob Babbage', userId: [BOB] });
const noBlock = { blockedByMe: 'False', isBlocked: 'False' } as const;

let server: FakeServer;
beforeEach(() => {
  server = fakeChatApi();
  signInAsMe();
  server.on('GET', LIST, { status: 200, data: { results: [bobChat], next: null } });
  server.on('GET', `${LIST}search_chatllist/`, {
    status: 200,
    data: { results: [bobChat], next: null },
  });
  server.on('GET', MEMBERS, {
    status: 200,
    data: {
      results: [
        hit(ADA, 'ada', 'Ada', 'Lovelace'),
        hit(BOB, 'bob', 'Bob', 'Babbage'),
        hit(ME, 'me'),
        hit(CYD, 'cyd'),
      ],
    },
  });
});
afterEach(() => {
  cleanUpWired();
  setViewportWidth(1280);
});

function answerUserChat(byMember: Record<number, UserChat>) {
  server.on('GET', `${LIST}user_chat_id/`, (request) => ({
    status: 200,
    data: byMember[Number(request.params?.user)] ?? { chatId: null, ...noBlock },
  }));
}

async function search(user: ReturnType<typeof userEvent.setup>, words: string) {
  await screen.findByRole('list', { name: 'Conversations' });
  await user.type(screen.getByRole('searchbox', { name: 'Search chats' }), words);
  return screen.findByRole('list', { name: 'Members to start a chat with' });
}

describe('starting a chat from the chat search', () => {
  it('offers the members you have no chat with, not yourself, below the chats found', async () => {
    const user = userEvent.setup();
    renderWired('/chat');
    const members = await search(user, 'a');
    expect(
      within(members)
        .getAllByText(/^@/)
        .map((name) => name.textContent),
    ).toEqual(['@ada', '@cyd']);
    expect(
      within(screen.getByRole('list', { name: 'Matching conversations' })).getByRole('listitem', {
        name: 'Bob Babbage',
      }),
    ).toBeVisible();
    expect(server.received('GET', MEMBERS).at(-1)?.params).toEqual({ q: 'a' });
  });

  it('opens a new conversation with the member chosen, and the first message starts it', async () => {
    answerUserChat({});
    server.on('POST', LIST, {
      status: 201,
      data: entry(12, {
        displayName: 'Ada Lovelace',
        userId: [ADA],
        chatmessage: { message: 'Hi', createdAt: new Date().toISOString(), sender: ME },
      }),
    });
    server.on('GET', `${LIST}12/messages_list/`, {
      status: 200,
      data: { results: [message(40, 12, { user: ME, message: 'Hi' })], next: null },
    });
    server.on('PUT', `${LIST}12/read_chatmessages/`, { status: 200, data: { unreadChat: 0 } });
    const user = userEvent.setup();
    renderWired('/chat');
    const members = await search(user, 'a');
    await user.click(within(members).getByRole('button', { name: /Ada Lovelace/ }));
    expect(await screen.findByText('Say hello to Ada Lovelace')).toBeVisible();
    expect(server.received('GET', `${LIST}user_chat_id/`).at(-1)?.params).toEqual({ user: ADA });
    expect(screen.getByRole('searchbox', { name: 'Search chats' })).toHaveValue('');

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    await waitFor(() =>
      expect(bodyOf(server.received('POST', LIST)[0])).toEqual({ member: ADA, newmessage: 'Hi' }),
    );
    const conversations = screen.getByRole('list', { name: 'Conversations' });
    expect(
      await within(conversations).findByRole('listitem', { name: 'Ada Lovelace' }),
    ).toBeVisible();
  });

  it('reopens a deleted chat with its messages', async () => {
    answerUserChat({ [CYD]: { chatId: 5, ...noBlock } });
    server.on('GET', `${LIST}5/messages_list/`, {
      status: 200,
      data: { results: [message(21, 5, { user: CYD, message: 'Old news' })], next: null },
    });
    server.on('PUT', `${LIST}5/read_chatmessages/`, { status: 200, data: { unreadChat: 0 } });
    const user = userEvent.setup();
    renderWired('/chat');
    const members = await search(user, 'cy');
    await user.click(within(members).getByRole('button', { name: /cyd/ }));
    expect(await screen.findByText('Old news')).toBeVisible();
  });

  it('says a member who blocked you does not accept messages, with the composer off', async () => {
    answerUserChat({ [CYD]: { chatId: null, blockedByMe: 'False', isBlocked: 'True' } });
    const user = userEvent.setup();
    renderWired('/chat');
    const members = await search(user, 'cy');
    await user.click(within(members).getByRole('button', { name: /cyd/ }));
    expect(await screen.findByText('This member does not accept messages from you.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(server.received('POST', LIST)).toHaveLength(0);
  });

  it('lets you lift your own block of a member you have never chatted with', async () => {
    answerUserChat({ [CYD]: { chatId: null, blockedByMe: 'True', isBlocked: 'True' } });
    server.on('DELETE', '/api/common/blocked-user/', {
      status: 200,
      data: { userId: CYD, blockedByMe: 'False', isBlocked: 'False' },
    });
    const user = userEvent.setup();
    renderWired('/chat');
    const members = await search(user, 'cy');
    await user.click(within(members).getByRole('button', { name: /cyd/ }));
    expect(await screen.findByText('You blocked this member')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('You unblocked cyd.')).toBeVisible();
    expect(bodyOf(server.received('DELETE', '/api/common/blocked-user/')[0])).toEqual({
      user_id: CYD,
    });
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  });

  it('on a phone, gives the open conversation the screen: its own h1, no global search', async () => {
    setViewportWidth(390);
    answerUserChat({});
    const user = userEvent.setup();
    renderWired('/chat');
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(await screen.findByRole('searchbox', { name: 'Search Agora' })).toBeVisible();
    const members = await search(user, 'a');
    await user.click(within(members).getByRole('button', { name: /Ada Lovelace/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    expect(screen.queryByRole('searchbox', { name: 'Search Agora' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search Agora' })).toBeVisible();
  });
});
