import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrivateUser, PublicProfile } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADA,
  cleanUpWired,
  fakeChatApi,
  ME,
  renderWired,
  signInAsMe,
} from '../../../../test/chat-fixtures';
import { bodyOf } from '../../../lib/testing/fake-server';
import type { FakeServer } from '../../../lib/testing/fake-server';

const LIST = '/api/chats/chat-list/';
const BLOCKED = '/api/common/blocked-user/';

const me: PrivateUser = {
  id: ME,
  username: 'grace',
  email: 'grace@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
  bio: '',
  avatar: null,
  country: null,
  emailVerified: true,
  isTwoFaOn: false,
  notificationsOn: true,
  hasPassword: true,
  isStaff: false,
  role: 'member',
  silence: null,
  dateJoined: '2026-01-01T00:00:00.000Z',
};
const ada: PublicProfile = {
  id: ADA,
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: 'Poetical science.',
  avatar: null,
  country: null,
  dateJoined: '2026-01-01T00:00:00.000Z',
  role: 'member',
};

let server: FakeServer;
beforeEach(() => {
  server = fakeChatApi();
  signInAsMe();
  server.on('GET', '/auth/user/', { status: 200, data: me });
  server.on('GET', '/auth/userinfo/ada/', { status: 200, data: ada });
  server.on('GET', LIST, { status: 200, data: { results: [], next: null } });
  server.on('GET', `${LIST}${7}/messages_list/`, {
    status: 200,
    data: { results: [], next: null },
  });
  server.on('PUT', `${LIST}${7}/read_chatmessages/`, { status: 200, data: {} });
});
afterEach(cleanUpWired);

const noChatYet = () =>
  server.on('GET', `${LIST}user_chat_id/`, {
    status: 200,
    data: { chatId: null, blockedByMe: 'False', isBlocked: 'False' },
  });

describe('Message and Block on a profile', () => {
  it('are not offered on your own profile', async () => {
    server.on('GET', '/auth/userinfo/grace/', { status: 200, data: { ...ada, ...me } });
    renderWired('/user-info/grace');
    expect(await screen.findByRole('link', { name: 'Edit profile' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull();
    expect(server.received('GET', `${LIST}user_chat_id/`)).toHaveLength(0);
  });

  it('opens /chat with the member selected, ready to start a chat when there is none', async () => {
    noChatYet();
    const user = userEvent.setup();
    const { router } = renderWired('/user-info/ada');
    const message = await screen.findByRole('button', { name: 'Message' });
    await waitFor(() => expect(message).toBeEnabled());
    expect(server.received('GET', `${LIST}user_chat_id/`)[0]?.params).toEqual({ user: ADA });

    await user.click(message);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(await screen.findByText('Say hello to Ada Lovelace')).toBeVisible();
    expect(JSON.parse(sessionStorage.getItem('userSelected') ?? 'null')).toEqual({
      chatId: null,
      userId: ADA,
      displayName: 'Ada Lovelace',
      chatProfile: null,
      blockedByMe: 'False',
      isBlocked: 'False',
    });
  });

  it('opens the existing chat, and shows Unblock when the member is blocked', async () => {
    server.on('GET', `${LIST}user_chat_id/`, {
      status: 200,
      data: { chatId: 7, blockedByMe: 'True', isBlocked: 'True' },
    });
    const user = userEvent.setup();
    const { router } = renderWired('/user-info/ada');
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Message' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(JSON.parse(sessionStorage.getItem('userSelected') ?? 'null')).toMatchObject({
      chatId: 7,
      userId: ADA,
      blockedByMe: 'True',
      isBlocked: 'True',
    });
  });

  it('blocks with POST and unblocks with DELETE /api/common/blocked-user/ {user_id}', async () => {
    noChatYet();
    server.on('POST', BLOCKED, {
      status: 201,
      data: { userId: ADA, blockedByMe: 'True', isBlocked: 'True' },
    });
    server.on('DELETE', BLOCKED, {
      status: 200,
      data: { userId: ADA, blockedByMe: 'False', isBlocked: 'False' },
    });
    const user = userEvent.setup();
    renderWired('/user-info/ada');
    const block = await screen.findByRole('button', { name: 'Block' });
    await waitFor(() => expect(block).toBeEnabled());

    await user.click(block);
    expect(
      await screen.findByText(
        'You blocked Ada Lovelace. Neither of you can message the other now.',
      ),
    ).toBeVisible();
    expect(bodyOf(server.received('POST', BLOCKED)[0])).toEqual({ user_id: ADA });

    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('You unblocked Ada Lovelace.')).toBeVisible();
    expect(bodyOf(server.received('DELETE', BLOCKED)[0])).toEqual({ user_id: ADA });
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Block' })).toBeVisible();
  });

  it('says so when the block fails, and keeps the button as it was', async () => {
    noChatYet();
    server.on('POST', BLOCKED, { status: 404, data: { detail: 'No member with that id.' } });
    const user = userEvent.setup();
    renderWired('/user-info/ada');
    const block = await screen.findByRole('button', { name: 'Block' });
    await waitFor(() => expect(block).toBeEnabled());
    await user.click(block);
    expect(await screen.findByText('No member with that id.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Block' })).toBeEnabled();
  });
});
