import { configureStore } from '@reduxjs/toolkit';
import type { ChatListEntry, ChatMessage, ChatMessageEvent } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../lib/http-client';
import { bodyOf, createFakeServer } from '../../lib/testing/fake-server';
import type { FakeServer } from '../../lib/testing/fake-server';
import { authReducer, sessionEnded } from '../auth';
import type { AuthState } from '../auth';
import {
  blockChat,
  chatBlocked,
  chatDeleted,
  chatListLoaded,
  chatSelected,
  chatStarted,
  chatUnblocked,
  deleteChat,
  fetchChatList,
  fetchMessages,
  fetchUnreadTotal,
  fetchUserChatId,
  markChatRead,
  messageReceived,
  messageSent,
  messagesLoaded,
  persistChatSelection,
  searchChats,
  selectionCleared,
  sendMessage,
  startChat,
  unblockChat,
} from './index';
import type { SelectedChatUser } from './index';
import { chatReducer } from './index';

const ME = 1;
const ADA = 7;
const BOB = 8;
const CYD = 9;

const at = (minute: number) => `2026-03-01T12:${String(minute).padStart(2, '0')}:00.000Z`;

function entry(chatId: number, minute: number, extra: Partial<ChatListEntry> = {}): ChatListEntry {
  return {
    chatId,
    chatmessage: { message: `last of ${chatId}`, createdAt: at(minute), sender: ADA },
    displayName: `Chat ${chatId}`,
    chatProfile: null,
    userId: [chatId + 100],
    blockedByMe: 'False',
    isBlocked: 'False',
    chatViewed: true,
    ...extra,
  };
}

function message(id: number, chatId: number, minute: number, user = ADA): ChatMessage {
  return {
    id,
    chatId,
    createdAt: at(minute),
    message: `message ${id}`,
    user,
    userProfile: null,
    read: false,
  };
}

function event(chatId: number, minute: number, extra: Partial<ChatMessageEvent> = {}) {
  const value: ChatMessageEvent = {
    type: 'chat_message',
    chatId,
    message: `new in ${chatId}`,
    unreadchat: 1,
    createdAt: at(minute),
    user: ADA,
    userProfile: 'https://agora.example/media/avatars/7.webp',
    ...extra,
  };
  return value;
}

const ada: SelectedChatUser = { chatId: 2, userId: ADA, displayName: 'Ada', chatProfile: null };

function auth(authToken: string | null): AuthState {
  return {
    loading: false,
    authToken,
    isAuthenticated: authToken !== null,
    isNewUser: false,
    error: false,
    errorMsg: null,
    isTwoFaOn: false,
  };
}

function makeStore(token: string | null = 'access') {
  return configureStore({
    reducer: { auth: authReducer, chat: chatReducer },
    preloadedState: { auth: auth(token) },
  });
}

const ids = (store: ReturnType<typeof makeStore>) =>
  store.getState().chat.chats.map((c) => c.chatId);

let server: FakeServer;
const originalTransport = http.transport;

beforeEach(() => {
  sessionStorage.clear();
  server = createFakeServer();
  http.transport = server.transport;
});

afterEach(() => {
  http.transport = originalTransport;
  sessionStorage.clear();
});

describe('chat list order (SPEC §4)', () => {
  it('sorts chats by latest message time, newest first', () => {
    const store = makeStore();
    store.dispatch(
      chatListLoaded({ results: [entry(1, 5), entry(2, 30), entry(3, 10)], next: null }),
    );
    expect(ids(store)).toEqual([2, 3, 1]);
  });

  it('moves the chat of a new message to the top and updates its last message', () => {
    const store = makeStore();
    store.dispatch(
      chatListLoaded({ results: [entry(1, 30), entry(2, 20), entry(3, 10)], next: null }),
    );
    store.dispatch(messageReceived(event(3, 40)));
    expect(ids(store)).toEqual([3, 1, 2]);
    expect(store.getState().chat.chats[0]?.chatmessage).toEqual({
      message: 'new in 3',
      createdAt: at(40),
      sender: ADA,
    });
  });

  it('keeps a chat begun, and a message come, while the list was on its way', () => {
    const store = makeStore();
    store.dispatch(chatListLoaded({ results: [entry(1, 30), entry(2, 20)], next: null }));
    store.dispatch(fetchChatList.pending('list', undefined));
    store.dispatch(chatStarted(entry(4, 50)));
    store.dispatch(messageReceived(event(2, 55)));
    // The answer was written before either.
    store.dispatch(chatListLoaded({ results: [entry(1, 30), entry(2, 20)], next: null }));
    expect(ids(store)).toEqual([2, 4, 1]);
    expect(store.getState().chat.chats[0]?.chatmessage.createdAt).toBe(at(55));

    // The next answer is the whole truth again.
    store.dispatch(fetchChatList.pending('again', undefined));
    store.dispatch(chatListLoaded({ results: [entry(1, 30)], next: null }));
    expect(ids(store)).toEqual([1]);
  });

  it('creates an entry for a message of a chat it does not know', () => {
    const store = makeStore();
    store.dispatch(chatListLoaded({ results: [entry(1, 30)], next: null }));
    store.dispatch(
      messageReceived(event(5, 45, { user: CYD, displayName: 'Cyd', chatProfile: null })),
    );
    expect(ids(store)).toEqual([5, 1]);
    expect(store.getState().chat.chats[0]).toEqual({
      chatId: 5,
      chatmessage: { message: 'new in 5', createdAt: at(45), sender: CYD },
      displayName: 'Cyd',
      chatProfile: null,
      userId: [CYD],
      blockedByMe: 'False',
      isBlocked: 'False',
      chatViewed: false,
    });
  });

  it('lists an unknown chat with the sender avatar when the message names no other member', () => {
    const store = makeStore();
    store.dispatch(messageReceived(event(5, 45)));
    expect(store.getState().chat.chats[0]).toMatchObject({
      displayName: '',
      chatProfile: 'https://agora.example/media/avatars/7.webp',
      userId: [ADA],
    });
  });

  it('does not let a late, older message replace a newer last message', () => {
    const store = makeStore();
    store.dispatch(chatListLoaded({ results: [entry(1, 30), entry(2, 20)], next: null }));
    store.dispatch(messageReceived(event(2, 10)));
    expect(ids(store)).toEqual([1, 2]);
    expect(store.getState().chat.chats[1]?.chatmessage.createdAt).toBe(at(20));
    expect(store.getState().chat.chats[1]?.chatViewed).toBe(false);
  });
});

describe('open chat and other chats (SPEC §4)', () => {
  it('adds socket messages of the open chat newest first', () => {
    const store = makeStore();
    store.dispatch(chatListLoaded({ results: [entry(1, 30), entry(2, 20)], next: null }));
    store.dispatch(chatSelected(ada));
    store.dispatch(
      messagesLoaded({ chatId: 2, results: [message(11, 2, 20), message(10, 2, 15)], next: 'c1' }),
    );

    store.dispatch(messageReceived(event(2, 41, { id: 12 })));
    store.dispatch(messageReceived(event(2, 42, { id: 13 })));

    const { messages, chats } = store.getState().chat;
    expect(messages.map((m) => m.id)).toEqual([13, 12, 11, 10]);
    expect(messages[0]).toEqual({
      id: 13,
      chatId: 2,
      createdAt: at(42),
      message: 'new in 2',
      user: ADA,
      userProfile: 'https://agora.example/media/avatars/7.webp',
      read: false,
    });
    expect(chats[0]).toMatchObject({ chatId: 2, chatViewed: true });
  });

  it('does not add a message twice when the socket echoes the member own send', () => {
    const store = makeStore();
    store.dispatch(chatSelected(ada));
    store.dispatch(messageSent(message(20, 2, 50, ME)));
    store.dispatch(messageReceived(event(2, 50, { id: 20, user: ME }), ME));
    expect(store.getState().chat.messages.map((m) => m.id)).toEqual([20]);
  });

  it('gives a socket message without id a local id of its own', () => {
    const store = makeStore();
    store.dispatch(chatSelected(ada));
    store.dispatch(messageReceived(event(2, 41)));
    store.dispatch(messageReceived(event(2, 42)));
    const [first, second] = store.getState().chat.messages;
    expect(first?.id).toBeLessThan(0);
    expect(second?.id).toBeLessThan(0);
    expect(first?.id).not.toBe(second?.id);
  });

  it('updates the last message of another chat and marks it unread, leaving the open chat alone', () => {
    const store = makeStore();
    store.dispatch(chatListLoaded({ results: [entry(2, 30), entry(3, 20)], next: null }));
    store.dispatch(chatSelected(ada));
    store.dispatch(messagesLoaded({ chatId: 2, results: [message(11, 2, 30)], next: null }));

    store.dispatch(messageReceived(event(3, 40, { user: BOB })));

    const { chats, messages } = store.getState().chat;
    expect(chats.map((c) => [c.chatId, c.chatViewed])).toEqual([
      [3, false],
      [2, true],
    ]);
    expect(chats[0]?.chatmessage).toEqual({ message: 'new in 3', createdAt: at(40), sender: BOB });
    expect(messages.map((m) => m.id)).toEqual([11]);
  });

  it('does not mark another chat unread for a message the member sent from another tab', () => {
    const store = makeStore();
    store.dispatch(chatListLoaded({ results: [entry(2, 30), entry(3, 20)], next: null }));
    store.dispatch(messageReceived(event(3, 40, { user: ME }), ME));
    expect(store.getState().chat.chats[0]).toMatchObject({ chatId: 3, chatViewed: true });
  });

  it('opens a chat started from a profile when the other member writes first', () => {
    const store = makeStore();
    store.dispatch(
      chatSelected({ chatId: null, userId: ADA, displayName: 'Ada', chatProfile: null }),
    );
    store.dispatch(messageReceived(event(6, 40, { id: 30 })));
    expect(store.getState().chat.selectedUser?.chatId).toBe(6);
    expect(store.getState().chat.messages.map((m) => m.id)).toEqual([30]);
    expect(store.getState().chat.chats[0]).toMatchObject({
      chatId: 6,
      displayName: 'Ada',
      chatViewed: true,
    });
  });

  it('ignores a page of messages for a chat that is no longer open', () => {
    const store = makeStore();
    store.dispatch(chatSelected(ada));
    store.dispatch(messagesLoaded({ chatId: 3, results: [message(1, 3, 1)], next: null }));
    expect(store.getState().chat.messages).toEqual([]);
  });
});

describe('blocking and deleting (SPEC §4)', () => {
  it("blocking sets blockedByMe and isBlocked to 'True', unblocking sets both to 'False'", () => {
    const store = makeStore();
    store.dispatch(chatListLoaded({ results: [entry(2, 30), entry(3, 20)], next: null }));
    store.dispatch(chatBlocked(2));
    expect(store.getState().chat.chats[0]).toMatchObject({
      blockedByMe: 'True',
      isBlocked: 'True',
    });
    expect(store.getState().chat.chats[1]).toMatchObject({
      blockedByMe: 'False',
      isBlocked: 'False',
    });
    store.dispatch(chatUnblocked(2));
    expect(store.getState().chat.chats[0]).toMatchObject({
      blockedByMe: 'False',
      isBlocked: 'False',
    });
  });

  it('deleting a chat removes it and clears the selection', () => {
    const store = makeStore();
    store.dispatch(chatListLoaded({ results: [entry(2, 30), entry(3, 20)], next: null }));
    store.dispatch(chatSelected(ada));
    store.dispatch(messagesLoaded({ chatId: 2, results: [message(11, 2, 30)], next: null }));
    store.dispatch(chatDeleted(2));
    expect(ids(store)).toEqual([3]);
    expect(store.getState().chat.selectedUser).toBeNull();
    expect(store.getState().chat.messages).toEqual([]);
  });
});

describe("selected user in session storage 'userSelected' (SPEC §3)", () => {
  it('reads the selection back when the store starts', () => {
    sessionStorage.setItem('userSelected', JSON.stringify(ada));
    expect(makeStore().getState().chat.selectedUser).toEqual(ada);
  });

  it('starts with no selection when the stored value is unreadable', () => {
    sessionStorage.setItem('userSelected', '{broken');
    expect(makeStore().getState().chat.selectedUser).toBeNull();
    sessionStorage.setItem('userSelected', JSON.stringify({ userId: 'ada' }));
    expect(makeStore().getState().chat.selectedUser).toBeNull();
  });

  it('writes the selection on select and removes it on clear, delete and sign-out', () => {
    const store = makeStore();
    const stop = persistChatSelection(store);

    store.dispatch(chatSelected(ada));
    expect(JSON.parse(sessionStorage.getItem('userSelected') ?? 'null')).toEqual(ada);
    store.dispatch(selectionCleared());
    expect(sessionStorage.getItem('userSelected')).toBeNull();

    store.dispatch(chatSelected(ada));
    store.dispatch(chatDeleted(2));
    expect(sessionStorage.getItem('userSelected')).toBeNull();

    store.dispatch(chatSelected(ada));
    store.dispatch(sessionEnded());
    expect(sessionStorage.getItem('userSelected')).toBeNull();
    expect(store.getState().chat.chats).toEqual([]);
    stop();
  });

  it('stores the chat id a first message gave the selection', () => {
    const store = makeStore();
    const stop = persistChatSelection(store);
    store.dispatch(
      chatSelected({ chatId: null, userId: ADA, displayName: 'Ada', chatProfile: null }),
    );
    store.dispatch(chatStarted(entry(9, 50, { userId: [ADA] })));
    expect(JSON.parse(sessionStorage.getItem('userSelected') ?? 'null')).toMatchObject({
      chatId: 9,
    });
    expect(ids(store)).toEqual([9]);
    stop();
  });
});

describe('chat calls (SPEC §6, §7)', () => {
  it('do nothing without an auth token: no request, no state change', async () => {
    const store = makeStore(null);
    const before = store.getState().chat;
    const results = await Promise.all([
      store.dispatch(fetchChatList()),
      store.dispatch(searchChats('ada')),
      store.dispatch(startChat({ member: ADA, newmessage: 'Hi' })),
      store.dispatch(fetchMessages({ chatId: 2 })),
      store.dispatch(sendMessage({ chatId: 2, newmessage: 'Hi' })),
      store.dispatch(fetchUnreadTotal()),
      store.dispatch(markChatRead(2)),
      store.dispatch(deleteChat(2)),
      store.dispatch(fetchUserChatId(ADA)),
      store.dispatch(blockChat({ chatId: 2, userId: ADA })),
      store.dispatch(unblockChat(2)),
    ]);
    expect(server.requests).toHaveLength(0);
    expect(results.every((r) => r.meta.requestStatus === 'rejected' && r.meta.condition)).toBe(
      true,
    );
    expect(store.getState().chat).toBe(before);
  });

  it('load the list and the open chat from the SPEC §7 paths', async () => {
    const store = makeStore();
    server.on('GET', '/api/chats/chat-list/', {
      status: 200,
      data: { results: [entry(3, 10), entry(2, 20)], next: 'n1' },
    });
    server.on('GET', '/api/chats/chat-list/2/messages_list/', {
      status: 200,
      data: { results: [message(11, 2, 20), message(10, 2, 10)], next: null },
    });
    await store.dispatch(fetchChatList());
    store.dispatch(chatSelected(ada));
    await store.dispatch(fetchMessages({ chatId: 2 }));
    expect(ids(store)).toEqual([2, 3]);
    expect(store.getState().chat.chatsNext).toBe('n1');
    expect(store.getState().chat.messages.map((m) => m.id)).toEqual([11, 10]);
  });

  it('send, read, block, unblock and delete call their paths and update the slice', async () => {
    const store = makeStore();
    store.dispatch(chatListLoaded({ results: [entry(2, 20), entry(3, 30)], next: null }));
    store.dispatch(chatSelected(ada));
    server.on('POST', '/api/chats/chat-list/2/send_messages/', {
      status: 201,
      data: message(40, 2, 45, ME),
    });
    server.on('PUT', '/api/chats/chat-list/2/read_chatmessages/', { status: 200, data: {} });
    server.on('POST', '/api/chats/chat-list/2/chat_block/', { status: 200, data: {} });
    server.on('POST', '/api/chats/chat-list/chat_unblock/', { status: 200, data: {} });
    server.on('DELETE', '/api/chats/chat-list/2/', { status: 204 });

    await store.dispatch(sendMessage({ chatId: 2, newmessage: 'Hello Ada' }));
    expect(bodyOf(server.received('POST', '/api/chats/chat-list/2/send_messages/')[0])).toEqual({
      newmessage: 'Hello Ada',
    });
    expect(ids(store)).toEqual([2, 3]);
    expect(store.getState().chat.messages.map((m) => m.id)).toEqual([40]);

    await store.dispatch(markChatRead(2));
    expect(server.received('PUT', '/api/chats/chat-list/2/read_chatmessages/')).toHaveLength(1);

    await store.dispatch(blockChat({ chatId: 2, userId: ADA }));
    expect(bodyOf(server.received('POST', '/api/chats/chat-list/2/chat_block/')[0])).toEqual({
      user_id: ADA,
    });
    expect(store.getState().chat.chats[0]).toMatchObject({
      blockedByMe: 'True',
      isBlocked: 'True',
    });

    await store.dispatch(unblockChat(2));
    expect(bodyOf(server.received('POST', '/api/chats/chat-list/chat_unblock/')[0])).toEqual({
      chat_unblock_id: 2,
    });
    expect(store.getState().chat.chats[0]).toMatchObject({
      blockedByMe: 'False',
      isBlocked: 'False',
    });

    await store.dispatch(deleteChat(2));
    expect(server.received('DELETE', '/api/chats/chat-list/2/')).toHaveLength(1);
    expect(ids(store)).toEqual([3]);
    expect(store.getState().chat.selectedUser).toBeNull();
  });

  it('start a chat, search, count unread and look up a chat id', async () => {
    const store = makeStore();
    store.dispatch(
      chatSelected({ chatId: null, userId: ADA, displayName: 'Ada', chatProfile: null }),
    );
    server.on('POST', '/api/chats/chat-list/', {
      status: 201,
      data: entry(9, 50, { userId: [ADA] }),
    });
    server.on('GET', '/api/chats/chat-list/search_chatllist/', {
      status: 200,
      data: { results: [entry(9, 50)], next: null },
    });
    server.on('GET', '/api/chats/chat-list/unread_chat/', { status: 200, data: { unreadChat: 4 } });
    server.on('GET', '/api/chats/chat-list/user_chat_id/', (request) =>
      request.params.user === BOB
        ? { status: 200, data: { chatId: 3, blockedByMe: 'False', isBlocked: 'False' } }
        : { status: 200, data: { chatId: null, blockedByMe: 'False', isBlocked: 'False' } },
    );

    await store.dispatch(startChat({ member: ADA, newmessage: 'Hi' }));
    expect(bodyOf(server.received('POST', '/api/chats/chat-list/')[0])).toEqual({
      member: ADA,
      newmessage: 'Hi',
    });
    expect(store.getState().chat.selectedUser?.chatId).toBe(9);

    const found = await store.dispatch(searchChats('ad'));
    expect(found.payload).toEqual([entry(9, 50)]);
    expect(server.received('GET', '/api/chats/chat-list/search_chatllist/')[0]?.params).toEqual({
      q: 'ad',
    });

    await store.dispatch(fetchUnreadTotal());
    expect(store.getState().chat.unreadTotal).toBe(4);

    expect((await store.dispatch(fetchUserChatId(BOB))).payload).toBe(3);
    expect((await store.dispatch(fetchUserChatId(CYD))).payload).toBeNull();
  });

  it('rejects a message over 5,000 characters without calling the server', async () => {
    const store = makeStore();
    const result = await store.dispatch(sendMessage({ chatId: 2, newmessage: 'x'.repeat(5001) }));
    expect(result.payload).toBe('Keep a message to 5,000 characters or fewer.');
    expect(server.requests).toHaveLength(0);
    expect(store.getState().chat.error).toBe('Keep a message to 5,000 characters or fewer.');
  });

  it('fails with the first message of the error body (SPEC §8)', async () => {
    const store = makeStore();
    server.on('POST', '/api/chats/chat-list/2/send_messages/', {
      status: 403,
      data: { detail: 'You cannot message this member while a block is in place.' },
    });
    const result = await store.dispatch(sendMessage({ chatId: 2, newmessage: 'Hi' }));
    expect(result.payload).toBe('You cannot message this member while a block is in place.');
    expect(store.getState().chat.error).toBe(
      'You cannot message this member while a block is in place.',
    );
  });
});
