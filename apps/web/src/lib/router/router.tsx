import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Router } from 'wouter';
import type { BaseLocationHook } from 'wouter';
import { hrefOf } from './history';
import type { AppHistory, BlockerFunction, Location, NavigateOptions, To } from './history';

const HistoryContext = createContext<AppHistory | null>(null);

function useHistory(): AppHistory {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('A router hook was used outside <AppRouter>');
  return history;
}

function useHistoryValue<T>(read: (history: AppHistory) => T): T {
  const history = useHistory();
  return useSyncExternalStore(history.subscribe, () => read(history));
}

/** wouter's location: the path from the app's history, and its navigation. */
const useHistoryPath: BaseLocationHook = () => {
  const history = useHistory();
  return [
    useSyncExternalStore(history.subscribe, () => history.location.pathname),
    history.navigate,
  ];
};

const useHistorySearch = () => useHistoryValue((history) => history.location.search);

/** The app's router: wouter matching routes against `history`. */
export function AppRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  return (
    <HistoryContext value={history}>
      <Router hook={useHistoryPath} searchHook={useHistorySearch}>
        {children}
      </Router>
    </HistoryContext>
  );
}

export function useLocation(): Location {
  return useHistoryValue((history) => history.location);
}

export function useNavigate(): (to: To | number, options?: NavigateOptions) => void {
  const history = useHistory();
  return useCallback(
    (to: To | number, options?: NavigateOptions) =>
      typeof to === 'number' ? history.go(to) : history.navigate(to, options),
    [history],
  );
}

export { useParams } from 'wouter';

/** The query string's parameters, and a setter that moves the app to new ones on this path. */
export function useSearchParams() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate({ search: query && `?${query}` }, options);
    },
    [navigate],
  );
  return [params, setParams] as const;
}

/** A navigation is waiting for its page's code. */
export function useNavigationLoading(): boolean {
  return useHistoryValue((history) => history.loading);
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

export interface LinkProps extends AnchorProps, NavigateOptions {
  to: To;
}

/** An in-app link: a real `<a href>`, followed without a page load. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, preventScrollReset, onClick, ...props },
  ref,
) {
  const history = useHistory();
  const href = hrefOf(to, useLocation());
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    const elsewhere =
      (props.target !== undefined && props.target !== '_self') || props.download !== undefined;
    // The browser's own handling stays for new tabs, downloads and clicks already taken.
    if (event.defaultPrevented || event.button !== 0 || modified || elsewhere) return;
    event.preventDefault();
    history.navigate(href, { replace, state, preventScrollReset });
  };
  return <a ref={ref} href={href} onClick={follow} {...props} />;
});

export interface NavLinkProps extends LinkProps {
  /** Current only on this very path, not below it. */
  end?: boolean;
}

/** A link that knows it leads to the current page: `aria-current="page"` and the class "active". */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { end = false, className, ...props },
  ref,
) {
  const current = useLocation();
  const target = new URL(hrefOf(props.to, current), window.location.origin).pathname;
  const slash = target.endsWith('/') ? target.length - 1 : target.length;
  const active =
    current.pathname === target ||
    (!end && current.pathname.startsWith(target) && current.pathname.charAt(slash) === '/');
  return (
    <Link
      ref={ref}
      aria-current={active ? 'page' : undefined}
      className={[className, active && 'active'].filter(Boolean).join(' ') || undefined}
      {...props}
    />
  );
});

/** Goes to `to` as soon as it is drawn. */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  useLayoutEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export interface Blocker {
  state: 'unblocked' | 'blocked';
  proceed?: () => void;
  reset?: () => void;
}

/** Holds a navigation for which `shouldBlock` answers true until the caller lets it through. */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const history = useHistory();
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => history.block((args) => latest.current(args)), [history]);
  const blocked = useHistoryValue((value) => value.blocked);
  return blocked ? { state: 'blocked', ...blocked } : { state: 'unblocked' };
}

const SCROLL_STORAGE = 'agora-scroll-positions';

/**
 * The window's scroll position per history entry, as the browser keeps it for pages of their
 * own: back and forward come back where the member was, a new page starts at the top (or at its
 * `#fragment`). Positions outlive a reload (session storage). Drawn with the page it restores,
 * so the page is there to scroll.
 */
export function ScrollRestoration({ getKey }: { getKey: (location: Location) => string }) {
  const history = useHistory();
  const location = useLocation();
  const positions = useRef<Record<string, number>>(null);
  positions.current ??= readPositions();

  useEffect(() => {
    const saved = positions.current ?? {};
    window.history.scrollRestoration = 'manual';
    const stopSaving = history.onBeforeChange((leaving) => {
      saved[getKey(leaving)] = window.scrollY;
    });
    const persist = () => {
      saved[getKey(history.location)] = window.scrollY;
      sessionStorage.setItem(SCROLL_STORAGE, JSON.stringify(saved));
    };
    window.addEventListener('pagehide', persist);
    return () => {
      stopSaving();
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, [history, getKey]);

  useLayoutEffect(() => {
    const saved = positions.current?.[getKey(location)];
    if (history.action === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
    else if (!history.preventScrollReset) window.scrollTo(0, 0);
  }, [history, location, getKey]);

  return null;
}

function readPositions(): Record<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE) ?? '{}');
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}
