import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { CHAT_SOCKET_PATH } from '@agora/shared';
import { refreshAccessToken } from '../../lib/http-client';
import { createSocketClient, followSession } from '../../lib/socket-client';
import type { SocketClient, SocketLocation, WebSocketConstructor } from '../../lib/socket-client';
import { decodeToken } from '../../lib/token';
import { selectAuthToken } from '../auth';
import type { AuthRootState } from '../auth';
import {
  connectionChanged,
  messageReceived,
  SELECTED_USER_STORAGE_KEY,
  unreadTotalChanged,
} from './chat-slice';
import type { ChatRootState, SelectedChatUser } from './chat-slice';

/** The store as the chat wiring needs it; the app's store fits. */
export interface ChatStore {
  getState: () => AuthRootState & ChatRootState;
  dispatch: ThunkDispatch<AuthRootState & ChatRootState, unknown, UnknownAction>;
  subscribe: (listener: () => void) => () => void;
}

export interface ChatSocketOptions {
  /** Defaults to the browser's WebSocket. */
  WebSocketImpl?: WebSocketConstructor;
  /** Defaults to `window.location`. */
  location?: SocketLocation;
  /**
   * A fresh access token after the server refused the socket's (close code 4401), or null.
   * Defaults to the HTTP client's refresh, which also ends the session when it fails.
   */
  refreshToken?: () => Promise<string | null>;
}

/** The signed-in member's id: the `sub` claim of the access token. */
export function viewerIdOf(token: string | null): number | null {
  const id = Number(decodeToken(token).sub);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const defaultRefresh = () => refreshAccessToken().catch(() => null);

let active: SocketClient | null = null;

/**
 * Connects the chat socket to the store (SPEC §7 "Sockets"): `total_chat` sets the unread total,
 * `chat_message` is a `chat/messageReceived`. It connects only while there is an access token
 * (SPEC §6), follows sign-in and sign-out, and reconnects with SPEC §4's backoff.
 * Call once, after the store is made; returns the function that disconnects it.
 */
export function connectChatSocket(store: ChatStore, options: ChatSocketOptions = {}): () => void {
  const token = () => selectAuthToken(store.getState());
  const client = createSocketClient({
    path: CHAT_SOCKET_PATH,
    getToken: token,
    refreshToken: options.refreshToken ?? defaultRefresh,
    WebSocketImpl: options.WebSocketImpl,
    location: options.location,
    onStatus: (status) => store.dispatch(connectionChanged(status)),
    onMessage: (message) => {
      if (message.type === 'total_chat') store.dispatch(unreadTotalChanged(message.total_chat));
      else if (message.type === 'chat_message') {
        store.dispatch(messageReceived(message, viewerIdOf(token())));
      }
    },
  });

  const unfollow = followSession(client, {
    getToken: token,
    subscribe: (listener) => store.subscribe(listener),
  });
  active = client;

  return () => {
    unfollow();
    client.close();
    if (active === client) active = null;
  };
}

/** The "Disconnected — retry" action: connects now and counts attempts from 1 again. */
export function retryChatSocket(): void {
  active?.retry();
}

/**
 * Keeps the selected user in session storage under 'userSelected' (SPEC §3): written when a
 * member is selected, removed when the selection is cleared. The slice reads it back on start.
 * Returns the function that stops it.
 */
export function persistChatSelection(store: Pick<ChatStore, 'getState' | 'subscribe'>): () => void {
  let saved: SelectedChatUser | null = store.getState().chat.selectedUser;
  return store.subscribe(() => {
    const selected = store.getState().chat.selectedUser;
    if (selected === saved) return;
    saved = selected;
    try {
      if (selected === null) sessionStorage.removeItem(SELECTED_USER_STORAGE_KEY);
      else sessionStorage.setItem(SELECTED_USER_STORAGE_KEY, JSON.stringify(selected));
    } catch {
      // Storage switched off: the selection simply lasts until the page is left.
    }
  });
}
