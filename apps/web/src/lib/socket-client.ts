import {
  CHAT_SOCKET_MAX_RECONNECTS,
  chatReconnectDelayMs,
  WS_CLOSE_TOO_MANY_SOCKETS,
  WS_CLOSE_UNAUTHORIZED,
} from '@agora/shared';
import type { SocketMessage } from '@agora/shared';
import { apiUrl } from './http-client';
import { decodeToken } from './token';

/**
 * A frame from the server, or null for one that is not a JSON object with a `type`. The server
 * writes every message through `ZSocketMessage`, so the shape is not checked again here (as with
 * HTTP answers, http-client.ts); receivers switch on `type` and ignore the ones they do not know.
 */
function readSocketMessage(data: unknown): SocketMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    const typed = typeof value === 'object' && value !== null && 'type' in value;
    return typed && typeof value.type === 'string' ? (value as SocketMessage) : null;
  } catch {
    return null;
  }
}

/**
 * Where a socket stands, for the page to show:
 * - `idle`: not connected and not trying (nobody signed in, or closed on purpose);
 * - `connecting`: a socket is opening;
 * - `open`: connected;
 * - `reconnecting`: the socket closed; attempt `attempt` starts after `delayMs`;
 * - `disconnected`: gave up (`gave-up` after the last attempt, `unauthorized` when the server
 *   refused the token and no fresh one could be had, `too-many` when the server closed this, the
 *   member's oldest socket, for a newer one). Only `retry()` starts again.
 */
export type SocketStatus =
  | { state: 'idle' }
  | { state: 'connecting' }
  | { state: 'open' }
  | { state: 'reconnecting'; attempt: number; delayMs: number }
  | { state: 'disconnected'; reason: 'gave-up' | 'unauthorized' | 'too-many' };

/** The part of the browser's WebSocket the client uses; tests pass a fake. */
export interface WebSocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close: (code?: number, reason?: string) => void;
  send: (data: string) => void;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** The page address sockets are opened against: `ws:` beside `http:`, `wss:` beside `https:`. */
export type SocketLocation = Pick<Location, 'href'>;

export interface SocketClientOptions {
  /** The socket's path under the API base, such as `/ws/chats/`. */
  path: string;
  /**
   * The current access token; without one the client does not connect (SPEC §6), unless
   * `signedOutAllowed`.
   */
  getToken: () => string | null;
  /** Connects without a token too (`/ws/live/`): the token, when there is one, still goes along. */
  signedOutAllowed?: boolean;
  /**
   * Asked for a fresh access token when the server closes with 4401 (token missing, invalid or
   * expired). Resolves null when there is none; the client then stops instead of retrying.
   */
  refreshToken?: () => Promise<string | null>;
  /** Every valid message of the shared union; anything else is dropped. */
  onMessage: (message: SocketMessage) => void;
  onStatus?: (status: SocketStatus) => void;
  /** Defaults to the browser's WebSocket. */
  WebSocketImpl?: WebSocketConstructor;
  /** Defaults to `window.location`. */
  location?: SocketLocation;
  /** Reconnect attempts after a close before giving up (SPEC §9: 10). */
  maxReconnects?: number;
  /** Wait before reconnect attempt n, 1-based (SPEC §9: 2^(n-1) seconds). */
  reconnectDelayMs?: (attempt: number) => number;
}

export interface SocketClient {
  /** Connects when signed in and not already connected or waiting; true if it started. */
  start: () => boolean;
  /** Manual retry ("Disconnected — retry"): resets the attempt counter and connects now. */
  retry: () => void;
  /** Stops everything: the open socket, a pending reconnect, a pending token refresh. */
  close: () => void;
  /** Sends a text on the open socket; false (nothing sent) while it is not open. */
  send: (data: string) => boolean;
  readonly status: SocketStatus;
}

/** The socket URL for `path` under the API base, with the access token (if any) as query parameter. */
export function socketUrl(path: string, token: string | null, location: SocketLocation): string {
  const url = new URL(apiUrl(path), location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (token !== null) url.searchParams.set('token', token);
  return url.toString();
}

const NORMAL_CLOSURE = 1000;

/**
 * A WebSocket that reconnects after a close (SPEC §4): up to `maxReconnects` attempts, attempt n
 * after `reconnectDelayMs(n)`; an open resets the count. After a 4401 close the reconnect asks
 * for a fresh token first, and stops when there is none, or when a fresh token is refused too.
 */
export function createSocketClient(options: SocketClientOptions): SocketClient {
  const {
    path,
    getToken,
    signedOutAllowed = false,
    refreshToken,
    onMessage,
    onStatus,
    maxReconnects = CHAT_SOCKET_MAX_RECONNECTS,
    reconnectDelayMs = chatReconnectDelayMs,
  } = options;

  let socket: WebSocketLike | null = null;
  /** Set from the socket's `open` until it closes. */
  let opened = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  /** The server refused a token since the last successful open. */
  let refusedSinceOpen = false;
  /** Bumped on close and retry, so a refresh that settles afterwards is ignored. */
  let generation = 0;
  let status: SocketStatus = { state: 'idle' };

  const setStatus = (next: SocketStatus) => {
    status = next;
    onStatus?.(next);
  };

  const detach = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const current = socket;
    socket = null;
    opened = false;
    if (current) {
      current.onopen = current.onmessage = current.onclose = current.onerror = null;
      current.close(NORMAL_CLOSURE);
    }
  };

  const open = (token: string | null = getToken()): void => {
    if (!token && !signedOutAllowed) {
      setStatus({ state: 'idle' });
      return;
    }
    const Impl = options.WebSocketImpl ?? (WebSocket as WebSocketConstructor);
    const ws = new Impl(socketUrl(path, token || null, options.location ?? window.location));
    socket = ws;
    setStatus({ state: 'connecting' });
    ws.onopen = () => {
      opened = true;
      attempt = 0;
      refusedSinceOpen = false;
      setStatus({ state: 'open' });
    };
    ws.onmessage = (event) => {
      const message = readSocketMessage(event.data);
      if (message) onMessage(message);
    };
    // A failed open fires `error` then `close`; the close alone decides what happens next.
    ws.onerror = () => undefined;
    ws.onclose = (event) => {
      socket = null;
      opened = false;
      // The member's oldest socket, closed for a newer one: reopening would close another.
      if (event.code === WS_CLOSE_TOO_MANY_SOCKETS) {
        setStatus({ state: 'disconnected', reason: 'too-many' });
      } else if (event.code !== WS_CLOSE_UNAUTHORIZED) scheduleReconnect(() => open());
      // Retrying blindly would only be refused again: a fresh token is needed, once.
      else if (!refreshToken || refusedSinceOpen) {
        setStatus({ state: 'disconnected', reason: 'unauthorized' });
      } else {
        refusedSinceOpen = true;
        // The refresh waits out the backoff step: a sign-out or account deletion that revoked
        // the session has ended it by then, so the member is not logged out a second time.
        scheduleReconnect(() => void openWithFreshToken(refreshToken));
      }
    };
  };

  const scheduleReconnect = (reopen: () => void): void => {
    if (attempt >= maxReconnects) {
      setStatus({ state: 'disconnected', reason: 'gave-up' });
      return;
    }
    attempt += 1;
    const delayMs = reconnectDelayMs(attempt);
    setStatus({ state: 'reconnecting', attempt, delayMs });
    timer = setTimeout(() => {
      timer = null;
      reopen();
    }, delayMs);
  };

  const openWithFreshToken = async (refresh: () => Promise<string | null>): Promise<void> => {
    setStatus({ state: 'connecting' });
    const asked = generation;
    let fresh: string | null;
    try {
      fresh = await refresh();
    } catch {
      fresh = null;
    }
    if (asked !== generation) return;
    if (fresh) open(fresh);
    else setStatus({ state: 'disconnected', reason: 'unauthorized' });
  };

  return {
    start: () => {
      if (status.state !== 'idle' && status.state !== 'disconnected') return false;
      if (!getToken() && !signedOutAllowed) return false;
      generation += 1;
      attempt = 0;
      refusedSinceOpen = false;
      open();
      return true;
    },
    retry: () => {
      generation += 1;
      detach();
      attempt = 0;
      refusedSinceOpen = false;
      open();
    },
    close: () => {
      generation += 1;
      detach();
      attempt = 0;
      if (status.state !== 'idle') setStatus({ state: 'idle' });
    },
    send: (data) => {
      if (!socket || !opened) return false;
      socket.send(data);
      return true;
    },
    get status() {
      return status;
    },
  };
}

/** The account and session a token belongs to (`sub`, `sid`); a token refresh keeps both. */
export function sessionOf(token: string | null): string | null {
  if (token === null) return null;
  const { sub, sid } = decodeToken(token);
  return JSON.stringify([sub, sid]);
}

/**
 * Keeps `client` connected exactly while there is an access token (SPEC §6): it starts on
 * sign-in, closes on sign-out, and reconnects when the token belongs to another account or
 * session. A refreshed token of the same session leaves the open socket alone.
 * Returns the function that stops following (the client itself is left as it is).
 */
export function followSession(
  client: SocketClient,
  session: { getToken: () => string | null; subscribe: (listener: () => void) => () => void },
): () => void {
  let current = sessionOf(session.getToken());
  client.start();
  return session.subscribe(() => {
    const next = sessionOf(session.getToken());
    if (next === current) return;
    const previous = current;
    current = next;
    if (next === null) client.close();
    else if (previous !== null) client.retry();
    else client.start();
  });
}
