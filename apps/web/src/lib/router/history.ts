/** Where the app is: the address, the state it was pushed with, and its history entry's key. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** "default" for the entry the app was opened on by its address, else unique per entry. */
  key: string;
}

/** An address, whole or in parts; a missing pathname keeps the current one. */
export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Keep the window where it is, as for a tab switched by its query string. */
  preventScrollReset?: boolean;
}

/** How the current location was reached: a link or call (push, replace) or the browser (pop). */
export type NavigationType = 'PUSH' | 'REPLACE' | 'POP';

export type BlockerFunction = (args: {
  currentLocation: Location;
  nextLocation: Location;
}) => boolean;

export type Blocked = { proceed: () => void; reset: () => void } | null;

/** What history.state holds for each entry the app made. */
interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

function entryOf(state: unknown): EntryState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { key, idx } = state as Partial<EntryState>;
  return typeof key === 'string' && typeof idx === 'number' ? (state as EntryState) : null;
}

function currentLocation(entry: EntryState): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: entry.usr, key: entry.key };
}

function resolve(to: To, from: Location): URL {
  const base = new URL(from.pathname + from.search, window.location.origin);
  if (typeof to === 'string') return new URL(to, base);
  const url = new URL(to.pathname ?? from.pathname, base);
  url.search = to.search ?? (to.pathname === undefined ? from.search : '');
  url.hash = to.hash ?? '';
  return url;
}

export function hrefOf(to: To, from: Location): string {
  const { pathname, search, hash } = resolve(to, from);
  return pathname + search + hash;
}

/**
 * The browser's history for the app: the current location as an external store, navigation
 * with a key and index per entry, and one blocker that may hold a navigation (a link, a call
 * or the back button) until it is let through or dropped.
 */
export function createAppHistory({
  prepare,
}: {
  /** Readies what the page at a path needs (its code) before the app moves there. */
  prepare?: (pathname: string) => Promise<unknown> | null;
} = {}) {
  // The entry the app opens on keeps the key it was given on an earlier visit (a reload).
  let entry = entryOf(window.history.state) ?? { usr: null, key: 'default', idx: 0 };
  window.history.replaceState(entry, '');
  let location = currentLocation(entry);
  let action: NavigationType = 'POP';
  let preventScrollReset = false;
  // A navigation waiting for its page's code; a later one (or a pop) supersedes it.
  let loading = false;
  let latest = 0;
  let blocker: BlockerFunction | null = null;
  let blocked: Blocked = null;
  // A pop the app made itself to undo a blocked back or forward: not a navigation.
  let undoing = false;
  // A blocked back or forward let through: not asked again.
  let passing = false;
  const listeners = new Set<() => void>();
  const beforeChange = new Set<(leaving: Location) => void>();

  const notify = () => listeners.forEach((listener) => listener());

  function settle(next: EntryState, how: NavigationType, keepScroll: boolean) {
    latest += 1;
    loading = false;
    beforeChange.forEach((listener) => listener(location));
    entry = next;
    location = currentLocation(next);
    action = how;
    preventScrollReset = keepScroll;
    notify();
  }

  function setBlocked(value: Blocked) {
    blocked = value;
    notify();
  }

  function push(
    url: URL,
    { replace = false, state = null, preventScrollReset: keep = false }: NavigateOptions,
  ) {
    const next: EntryState = {
      usr: state,
      key: Math.random().toString(36).slice(2, 10),
      idx: replace ? entry.idx : entry.idx + 1,
    };
    window.history[replace ? 'replaceState' : 'pushState'](next, '', url.href);
    settle(next, replace ? 'REPLACE' : 'PUSH', keep);
  }

  function visit(url: URL, options: NavigateOptions) {
    const preparing = prepare?.(url.pathname);
    if (!preparing) {
      push(url, options);
      return;
    }
    const ticket = ++latest;
    loading = true;
    notify();
    const done = () => {
      if (ticket === latest) push(url, options);
    };
    preparing.then(done, done);
  }

  function navigate(to: To, options: NavigateOptions = {}) {
    if (blocked) return;
    const url = resolve(to, location);
    const nextLocation: Location = {
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      state: options.state ?? null,
      key: '',
    };
    if (blocker?.({ currentLocation: location, nextLocation })) {
      setBlocked({
        proceed: () => {
          blocked = null;
          visit(url, options);
        },
        reset: () => setBlocked(null),
      });
      return;
    }
    visit(url, options);
  }

  function onPopState(event: PopStateEvent) {
    const next = entryOf(event.state) ?? { usr: null, key: 'default', idx: 0 };
    if (undoing) {
      undoing = false;
      entry = next;
      return;
    }
    const { pathname, search, hash } = window.location;
    const nextLocation = { pathname, search, hash, state: next.usr, key: next.key };
    const delta = entry.idx - next.idx;
    if (passing) passing = false;
    else if (blocker && delta !== 0 && blocker({ currentLocation: location, nextLocation })) {
      // The browser has moved already: go back to where the app is, and ask.
      undoing = true;
      window.history.go(delta);
      setBlocked({
        proceed: () => {
          blocked = null;
          passing = true;
          window.history.go(-delta);
        },
        reset: () => setBlocked(null),
      });
      return;
    }
    settle(next, 'POP', false);
  }

  window.addEventListener('popstate', onPopState);

  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    get preventScrollReset() {
      return preventScrollReset;
    },
    /** A navigation is waiting for its page's code. */
    get loading() {
      return loading;
    },
    get blocked() {
      return blocked;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Called with the location being left, before the next one is shown. */
    onBeforeChange(listener: (leaving: Location) => void) {
      beforeChange.add(listener);
      return () => void beforeChange.delete(listener);
    },
    navigate,
    go: (delta: number) => window.history.go(delta),
    /** Sets the one blocker; returns its removal. */
    block(fn: BlockerFunction) {
      blocker = fn;
      return () => {
        if (blocker === fn) blocker = null;
        if (blocked) setBlocked(null);
      };
    },
    dispose: () => window.removeEventListener('popstate', onPopState),
  };
}

export type AppHistory = ReturnType<typeof createAppHistory>;
