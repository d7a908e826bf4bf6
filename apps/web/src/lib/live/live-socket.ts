import { LIVE_SOCKET_PATH, LIVE_SUBSCRIPTIONS_MAX } from '@agora/shared';
import type { ContentModel, LiveClientMessage, LiveUpdateEvent } from '@agora/shared';
import { createSocketClient, sessionOf } from '../socket-client';
import type { SocketLocation, SocketStatus, WebSocketConstructor } from '../socket-client';

/** An object whose counters a page shows. */
export interface LiveTarget {
  model: ContentModel;
  id: number;
}

export type LiveListener = (event: LiveUpdateEvent) => void;

export interface LiveSocketOptions {
  /** The current access token, or null for a signed-out visitor (who is served too). */
  getToken: () => string | null;
  /** Calls back whenever the session may have changed (a store's `subscribe`). */
  subscribeSession?: (listener: () => void) => () => void;
  /** A fresh access token after a 4401 close, or null. */
  refreshToken?: () => Promise<string | null>;
  /** Defaults to the browser's WebSocket. */
  WebSocketImpl?: WebSocketConstructor;
  /** Defaults to `window.location`. */
  location?: SocketLocation;
  /**
   * How long the socket stays open once nothing is watched: a page replacing another watches
   * again at once, on the same socket.
   */
  idleCloseMs?: number;
}

export interface LiveSocket {
  /**
   * Calls `listener` with each update of `target` (the first is a snapshot) until the returned
   * function is called. Watchers of one object share its one subscription.
   */
  watch: (target: LiveTarget, listener: LiveListener) => () => void;
  readonly status: SocketStatus;
}

const DEFAULT_IDLE_CLOSE_MS = 5000;

const keyOf = ({ model, id }: LiveTarget) => `${model}:${id}`;

/**
 * One `/ws/live/` socket for every object a tab watches. It connects with the first watcher
 * (with the access token when signed in, without one otherwise), reconnects like the chat
 * socket (SPEC §9: 10 attempts, 2^(n-1) s apart) and subscribes again to everything watched
 * after each reconnect, reconnects as the new member when the session changes, and closes a
 * while after the last watcher leaves. The server watches LIVE_SUBSCRIPTIONS_MAX objects per
 * socket: beyond that, objects wait in order until a slot frees.
 */
export function createLiveSocket(options: LiveSocketOptions): LiveSocket {
  const { getToken, subscribeSession, idleCloseMs = DEFAULT_IDLE_CLOSE_MS } = options;
  /** Watched objects in the order first watched; the first LIVE_SUBSCRIPTIONS_MAX are subscribed. */
  const watched = new Map<string, { target: LiveTarget; listeners: Set<LiveListener> }>();
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let unfollow: (() => void) | null = null;
  let session: string | null = null;

  const client = createSocketClient({
    path: LIVE_SOCKET_PATH,
    getToken,
    signedOutAllowed: true,
    refreshToken: options.refreshToken,
    WebSocketImpl: options.WebSocketImpl,
    location: options.location,
    onStatus: (status) => {
      // A new connection knows nothing of the last one's subscriptions.
      if (status.state === 'open') for (const target of subscribed()) send('subscribe', target);
    },
    onMessage: (message) => {
      if (message.type !== 'live_update') return;
      const entry = watched.get(keyOf(message));
      for (const listener of [...(entry?.listeners ?? [])]) listener(message);
    },
  });

  const send = (type: LiveClientMessage['type'], target: LiveTarget) =>
    client.send(
      JSON.stringify({ type, model: target.model, id: target.id } satisfies LiveClientMessage),
    );

  const subscribed = () =>
    [...watched.values()].slice(0, LIVE_SUBSCRIPTIONS_MAX).map((entry) => entry.target);

  const onSession = () => {
    const next = sessionOf(getToken());
    if (next === session) return;
    session = next;
    // Another member, or none: the server must answer as them (results hidden or shown).
    if (watched.size > 0) client.retry();
  };

  const connect = () => {
    if (idleTimer !== null) clearTimeout(idleTimer);
    idleTimer = null;
    if (!unfollow) {
      session = sessionOf(getToken());
      unfollow = subscribeSession?.(onSession) ?? (() => undefined);
    }
    client.start();
  };

  const closeWhenIdle = () => {
    idleTimer = setTimeout(() => {
      idleTimer = null;
      unfollow?.();
      unfollow = null;
      client.close();
    }, idleCloseMs);
  };

  return {
    watch(target, listener) {
      const key = keyOf(target);
      let entry = watched.get(key);
      if (!entry) {
        entry = { target: { model: target.model, id: target.id }, listeners: new Set() };
        watched.set(key, entry);
        // Not open yet: the subscription goes out once it is.
        if (watched.size <= LIVE_SUBSCRIPTIONS_MAX) send('subscribe', entry.target);
      }
      entry.listeners.add(listener);
      connect();

      const own = entry;
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        own.listeners.delete(listener);
        if (own.listeners.size > 0) return;
        const position = [...watched.keys()].indexOf(key);
        watched.delete(key);
        if (position < LIVE_SUBSCRIPTIONS_MAX) {
          send('unsubscribe', own.target);
          // The first object waiting beyond the limit takes the freed slot.
          const waiting = [...watched.values()][LIVE_SUBSCRIPTIONS_MAX - 1];
          if (waiting) send('subscribe', waiting.target);
        }
        if (watched.size === 0) closeWhenIdle();
      };
    },
    get status() {
      return client.status;
    },
  };
}
