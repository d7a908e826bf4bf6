import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { currentAccessToken, refreshAccessToken } from '../http-client';
import { createLiveSocket } from './live-socket';
import type { LiveListener, LiveSocket, LiveTarget } from './live-socket';

/** The tab's one live socket, per store (tests make a store each). */
const sockets = new WeakMap<object, LiveSocket>();

function liveSocketOf(store: { subscribe: (listener: () => void) => () => void }): LiveSocket {
  let socket = sockets.get(store);
  if (!socket) {
    socket = createLiveSocket({
      getToken: currentAccessToken,
      subscribeSession: (listener) => store.subscribe(listener),
      refreshToken: () => refreshAccessToken().catch(() => null),
    });
    sockets.set(store, socket);
  }
  return socket;
}

/**
 * Live counters of one object on screen: `onUpdate` receives its `live_update` events over
 * `/ws/live/` while the component is mounted, the first a snapshot sent right after
 * subscribing (so data fetched just before is not left stale), then one after each change
 * anywhere (votes, likes, comments). Every component of the tab shares one socket; pass null
 * while there is nothing to watch. `tallies` is absent when this viewer may not see results.
 *
 *   useLiveUpdates(poll ? { model: 'poll', id: poll.id } : null, (event) => {
 *     dispatch(pollsApi.util.updateQueryData('getPoll', event.id, (draft) => {
 *       draft.votersCount = event.counts.votersCount ?? draft.votersCount;
 *       if (event.tallies) draft.tallies = event.tallies;
 *     }));
 *   });
 */
export function useLiveUpdates(
  target: LiveTarget | null | undefined,
  onUpdate: LiveListener,
): void {
  const store = useStore();
  const latest = useRef(onUpdate);
  useEffect(() => {
    latest.current = onUpdate;
  });
  const model = target?.model;
  const id = target?.id;
  useEffect(() => {
    if (model === undefined || id === undefined) return undefined;
    return liveSocketOf(store).watch({ model, id }, (event) => latest.current(event));
  }, [store, model, id]);
}
