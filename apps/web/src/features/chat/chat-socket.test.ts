import { configureStore } from '@reduxjs/toolkit';
import type { UnknownAction } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../lib/testing/fake-websocket';
import { makeJwt } from '../../lib/testing/jwt';
import type { AuthState } from '../auth';
import { chatListLoaded, chatReducer, connectChatSocket, retryChatSocket } from './index';

const LOCATION = { href: 'https://agora.test/chat' };
const TOKEN_ME = makeJwt({ sub: '1', sid: 's1', type: 'access' });
const TOKEN_ME_REFRESHED = makeJwt({ sub: '1', sid: 's1', type: 'access', n: 2 });
const TOKEN_OTHER = makeJwt({ sub: '2', sid: 's2', type: 'access' });

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

/** Stands in for the auth slice: only its token matters here. */
const signedIn = (token: string | null) => ({ type: 'test/signedIn', payload: token });
function authStub(state: AuthState = auth(null), action: UnknownAction): AuthState {
  return action.type === 'test/signedIn' ? auth(action.payload as string | null) : state;
}

function makeStore(token: string | null) {
  return configureStore({
    reducer: { auth: authStub, chat: chatReducer },
    preloadedState: { auth: auth(token) },
  });
}

let disconnect: (() => void) | undefined;

function wire(store: ReturnType<typeof makeStore>, refreshToken?: () => Promise<string | null>) {
  disconnect = connectChatSocket(store, {
    WebSocketImpl: FakeWebSocket,
    location: LOCATION,
    refreshToken: refreshToken ?? (async () => null),
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
});

afterEach(() => {
  disconnect?.();
  disconnect = undefined;
  vi.useRealTimers();
});

describe('chat socket wiring', () => {
  it('connects only with an access token, and follows sign-in and sign-out', () => {
    const store = makeStore(null);
    wire(store);
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(store.getState().chat.connection).toEqual({ state: 'idle' });

    store.dispatch(signedIn(TOKEN_ME));
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.last().url).toBe(`wss://agora.test/ws/chats/?token=${TOKEN_ME}`);
    FakeWebSocket.last().open();
    expect(store.getState().chat.connection).toEqual({ state: 'open' });

    store.dispatch(signedIn(null));
    expect(FakeWebSocket.last().closedWith).toBe(1000);
    expect(store.getState().chat.connection).toEqual({ state: 'idle' });
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('keeps the socket across a token refresh but reconnects for another account', () => {
    const store = makeStore(TOKEN_ME);
    wire(store);
    FakeWebSocket.last().open();
    store.dispatch(signedIn(TOKEN_ME_REFRESHED));
    expect(FakeWebSocket.instances).toHaveLength(1);
    store.dispatch(signedIn(TOKEN_OTHER));
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.instances[0]?.closedWith).toBe(1000);
    expect(FakeWebSocket.last().url).toContain(TOKEN_OTHER);
  });

  it('sets the unread total from total_chat and applies chat_message to the list', () => {
    const store = makeStore(TOKEN_ME);
    wire(store);
    store.dispatch(
      chatListLoaded({
        results: [
          {
            chatId: 3,
            chatmessage: { message: 'old', createdAt: '2026-03-01T12:00:00.000Z', sender: 7 },
            displayName: 'Ada',
            chatProfile: null,
            userId: [7],
            blockedByMe: 'False',
            isBlocked: 'False',
            chatViewed: true,
          },
        ],
        next: null,
      }),
    );
    FakeWebSocket.last().open();
    FakeWebSocket.last().receive({ type: 'total_chat', total_chat: 2 });
    expect(store.getState().chat.unreadTotal).toBe(2);

    const base = { type: 'chat_message', chatId: 3, unreadchat: 2, userProfile: null };
    FakeWebSocket.last().receive({
      ...base,
      message: 'mine',
      createdAt: '2026-03-01T12:01:00.000Z',
      user: 1,
    });
    expect(store.getState().chat.chats[0]).toMatchObject({ chatViewed: true });
    FakeWebSocket.last().receive({
      ...base,
      message: 'hers',
      createdAt: '2026-03-01T12:02:00.000Z',
      user: 7,
    });
    expect(store.getState().chat.chats[0]).toMatchObject({
      chatmessage: { message: 'hers', createdAt: '2026-03-01T12:02:00.000Z', sender: 7 },
      chatViewed: false,
    });
    // Notification messages on the chat socket are none of its business.
    FakeWebSocket.last().receive({ type: 'notification_count', notification_count: 9 });
    expect(store.getState().chat.unreadTotal).toBe(2);
  });

  it('reports the backoff in the slice, gives up after 10 tries and retries on demand', () => {
    const store = makeStore(TOKEN_ME);
    wire(store);
    FakeWebSocket.last().serverClose();
    expect(store.getState().chat.connection).toEqual({
      state: 'reconnecting',
      attempt: 1,
      delayMs: 1000,
    });
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      vi.advanceTimersByTime(2 ** (attempt - 1) * 1000);
      FakeWebSocket.last().serverClose();
    }
    expect(store.getState().chat.connection).toEqual({ state: 'disconnected', reason: 'gave-up' });
    expect(FakeWebSocket.instances).toHaveLength(11);

    retryChatSocket();
    expect(FakeWebSocket.instances).toHaveLength(12);
    FakeWebSocket.last().open();
    expect(store.getState().chat.connection).toEqual({ state: 'open' });
  });

  it('asks for a fresh token when the server answers 4401', async () => {
    const store = makeStore(TOKEN_ME);
    const refreshToken = vi.fn(async () => {
      store.dispatch(signedIn(TOKEN_ME_REFRESHED));
      return TOKEN_ME_REFRESHED;
    });
    wire(store, refreshToken);
    FakeWebSocket.last().serverClose(4401);
    await vi.advanceTimersByTimeAsync(1000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.last().url).toContain(TOKEN_ME_REFRESHED);
  });
});
