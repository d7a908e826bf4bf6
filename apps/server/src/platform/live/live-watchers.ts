import type { ContentModel, LIVE_SOCKET_PATH, LiveUpdateEvent } from '@agora/shared';
import type { Viewer } from '../auth';
import type { ContentKind, LiveView } from '../content';
import type { SocketSend } from '../realtime';

/** A kind that serves live counters. */
export type LiveKind = ContentKind & { live: NonNullable<ContentKind['live']> };

export const isLiveKind = (kind: ContentKind): kind is LiveKind => kind.live !== undefined;

/** One object on screen somewhere, with the kind that serves its counters. */
export interface LiveTarget {
  model: ContentModel;
  id: number;
  kind: LiveKind;
}

/** One socket on `/ws/live/`. */
export interface Watcher {
  /** Null for a signed-out visitor. */
  viewer: Viewer | null;
  send: SocketSend<typeof LIVE_SOCKET_PATH>;
  /** Keys of the objects it watches. */
  watching: Set<string>;
  /** Set once its socket has closed: a subscription still being checked is dropped. */
  closed: boolean;
}

export const keyOf = (model: string, id: number) => `${model}:${id}`;

/** The objects this instance's live sockets watch, and who watches each. */
export class LiveWatchers {
  readonly #byKey = new Map<string, { target: LiveTarget; watchers: Set<Watcher> }>();

  has(key: string): boolean {
    return this.#byKey.has(key);
  }

  /** The object of `key` and a copy of its watchers, or undefined when nobody here watches it. */
  of(key: string): { target: LiveTarget; watchers: Watcher[] } | undefined {
    const entry = this.#byKey.get(key);
    return entry && { target: entry.target, watchers: [...entry.watchers] };
  }

  add(watcher: Watcher, target: LiveTarget): string {
    const key = keyOf(target.model, target.id);
    let entry = this.#byKey.get(key);
    if (!entry) {
      entry = { target, watchers: new Set() };
      this.#byKey.set(key, entry);
    }
    entry.watchers.add(watcher);
    watcher.watching.add(key);
    return key;
  }

  remove(watcher: Watcher, key: string): void {
    watcher.watching.delete(key);
    const entry = this.#byKey.get(key);
    if (!entry?.watchers.delete(watcher)) return;
    if (entry.watchers.size === 0) this.#byKey.delete(key);
  }

  removeAll(watcher: Watcher): void {
    for (const key of [...watcher.watching]) this.remove(watcher, key);
  }
}

/** What one watcher is sent: the counts, and the tallies only when this viewer may see them. */
export function updateFor(target: LiveTarget, view: LiveView, watcher: Watcher): LiveUpdateEvent {
  const tallies = view.talliesFor?.(watcher.viewer?.id ?? null);
  return {
    type: 'live_update',
    model: target.model,
    id: target.id,
    counts: view.counts,
    ...(tallies === undefined ? {} : { tallies }),
  };
}
