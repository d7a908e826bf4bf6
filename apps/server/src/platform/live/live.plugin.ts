import { LIVE_SOCKET_PATH, LIVE_SUBSCRIPTIONS_MAX, ZLiveClientMessage } from '@agora/shared';
import type { LiveClientMessage } from '@agora/shared';
import { appWide } from '../plugin';
import { LIVE_SOURCES } from './live-sources';
import {
  isLiveKind,
  keyOf,
  LiveWatchers,
  updateFor,
  type LiveKind,
  type LiveTarget,
  type Watcher,
} from './live-watchers';
import { RefreshScheduler } from './refresh-scheduler';

export interface LivePluginOptions {
  /**
   * The watchers of one object hear about its changes at most once per this many milliseconds:
   * the changes of a burst are sent together at its end.
   */
  refreshIntervalMs?: number;
}

const DEFAULT_REFRESH_INTERVAL_MS = 250;

/** A client message, or null for anything else (not JSON, another shape): those are ignored. */
function clientMessageOf(text: string): LiveClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = ZLiveClientMessage.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * `/ws/live/`: live counters of the objects on a member's screen (register after realtime and
 * content). Anyone may connect; a `?token=` makes the answers those of that member. The client
 * sends `{ type: 'subscribe' | 'unsubscribe', model, id }`; a subscription is answered at once
 * with a `live_update` snapshot, then with one after each change of the object. A model whose
 * kind has no `live` hook, an object the viewer may not see, a subscription beyond
 * LIVE_SUBSCRIPTIONS_MAX and a message of another shape are ignored.
 *
 * Changes arrive as domain events on the bus (LIVE_SOURCES), from any instance. An instance
 * whose sockets watch the object reads it once per burst (`kind.live` with every watcher's
 * id) and sends each watcher what that viewer may see.
 */
export const livePlugin = appWide<LivePluginOptions>('agora-live', async (app, options) => {
  const kinds = new Map<string, LiveKind>(
    app.content
      .kinds()
      .filter(isLiveKind)
      .map((kind) => [kind.model, kind]),
  );
  const watchers = new LiveWatchers();

  /** Sends the object's current counts to the watchers it has now. */
  async function refresh(key: string): Promise<void> {
    const watched = watchers.of(key);
    if (!watched) return;
    const { target } = watched;
    const memberIds = new Set(
      watched.watchers.flatMap(({ viewer }) => (viewer ? [viewer.id] : [])),
    );
    const view = await target.kind.live(app.db, target.id, [...memberIds]);
    // Gone, or no longer visible to everyone: nothing more is sent until it is again.
    if (!view) return;
    for (const watcher of watched.watchers) {
      // Those who left during the read are not sent it; those who came have their snapshot.
      if (watcher.watching.has(key)) watcher.send(updateFor(target, view, watcher));
    }
  }

  const scheduler = new RefreshScheduler({
    intervalMs: options.refreshIntervalMs ?? DEFAULT_REFRESH_INTERVAL_MS,
    refresh,
    onError: (error, key) => app.log.error({ err: error, key }, 'could not refresh live counters'),
  });

  async function subscribe(watcher: Watcher, target: LiveTarget): Promise<void> {
    const key = keyOf(target.model, target.id);
    if (!watcher.watching.has(key) && watcher.watching.size >= LIVE_SUBSCRIPTIONS_MAX) return;
    if (!(await target.kind.isVisibleTo(app.db, target.id, watcher.viewer))) return;
    if (watcher.closed) return;
    watchers.add(watcher, target);
    // In the object's turn: a refresh already running sends first, then this newer snapshot.
    void scheduler.inTurn(key, async () => {
      const view = await target.kind.live(
        app.db,
        target.id,
        watcher.viewer ? [watcher.viewer.id] : [],
      );
      if (view && watcher.watching.has(key)) watcher.send(updateFor(target, view, watcher));
    });
  }

  async function onMessage(watcher: Watcher, text: string): Promise<void> {
    const message = clientMessageOf(text);
    if (!message) return;
    if (message.type === 'unsubscribe') {
      watchers.remove(watcher, keyOf(message.model, message.id));
      return;
    }
    const kind = kinds.get(message.model);
    if (kind) await subscribe(watcher, { model: message.model, id: message.id, kind });
  }

  app.realtime.openRoute(LIVE_SOCKET_PATH, {
    listen(user, send) {
      const watcher: Watcher = { viewer: user, send, watching: new Set(), closed: false };
      return {
        onMessage: (text) => onMessage(watcher, text),
        onClose: () => {
          watcher.closed = true;
          watchers.removeAll(watcher);
        },
      };
    },
  });

  const unsubscribes = await Promise.all(
    LIVE_SOURCES.map(({ topic, changed }) =>
      app.bus.subscribe(topic, (payload) => {
        for (const { model, id } of changed(payload)) {
          const key = keyOf(model, id);
          // Only instances with watchers of the object read it.
          if (watchers.has(key)) scheduler.changed(key);
        }
      }),
    ),
  );

  app.addHook('preClose', async () => {
    await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
    await scheduler.close();
  });
});
