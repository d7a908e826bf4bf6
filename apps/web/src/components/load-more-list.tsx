import type { CSSProperties, ReactNode } from 'react';
import { plainButton } from './plain/button';
import type { PlainButtonLook } from './plain/button';
import { PlainIcon } from './plain-icon';
import styles from './load-more-list.module.css';
import alert from './plain/alert.module.css';

/** The parts of an RTK Query infinite query that a paged list needs. */
export interface PagedQuery {
  isLoading: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/** Every page's results, in order. */
export function itemsOf<T>(data: { pages: { results: T[] }[] } | undefined): T[] {
  return data?.pages.flatMap((page) => page.results) ?? [];
}

/**
 * Where an alert or button sits among its neighbours, written as MUI's `sx` shorthands (margins
 * in theme spacing units of 8 px): the few that lists use, without emotion to interpret `sx`.
 */
export interface Placement {
  mt?: number;
  mb?: number;
  mx?: number;
  alignSelf?: CSSProperties['alignSelf'];
}

function placementStyle(placement: Placement | undefined): CSSProperties | undefined {
  if (!placement) return undefined;
  const { mt, mb, mx, alignSelf } = placement;
  const px = (units: number | undefined) => (units === undefined ? undefined : units * 8);
  return {
    marginTop: px(mt),
    marginBottom: px(mb),
    marginLeft: px(mx),
    marginRight: px(mx),
    alignSelf,
  };
}

/** What failed to load, with a button to try again (MUI's standard error Alert). */
export function RetryAlert({
  children,
  onRetry,
  retryLabel = 'Try again',
  sx,
}: {
  children: ReactNode;
  onRetry: () => unknown;
  retryLabel?: string;
  sx?: Placement;
}) {
  return (
    <div
      role="alert"
      data-severity="error"
      className={`${alert.alert} ${alert.standard}`}
      style={placementStyle(sx)}
    >
      <div className={alert.icon}>
        <PlainIcon name="errorOutline" size={22} />
      </div>
      <div className={alert.message}>{children}</div>
      <div className={alert.action}>
        <button
          type="button"
          className={plainButton({ size: 'small', color: 'inherit' })}
          onClick={() => void onRetry()}
        >
          {retryLabel}
        </button>
      </div>
    </div>
  );
}

interface LoadMoreButtonProps {
  query: PagedQuery;
  label: string;
  variant?: PlainButtonLook['variant'];
  size?: PlainButtonLook['size'];
  fullWidth?: boolean;
  sx?: Placement;
}

/** Fetches the next page; absent when there is none. */
export function LoadMoreButton({
  query,
  label,
  variant,
  size,
  fullWidth = false,
  sx,
}: LoadMoreButtonProps) {
  if (!query.hasNextPage) return null;
  const look = plainButton({ variant, size });
  return (
    <button
      type="button"
      className={fullWidth ? `${look} ${styles.fullWidth}` : look}
      style={placementStyle(sx)}
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
    >
      {query.isFetchingNextPage ? 'Loading…' : label}
    </button>
  );
}

interface LoadMoreListProps {
  query: PagedQuery;
  /** How many items are loaded: a failure with nothing to show replaces the list. */
  count: number;
  /** Shown while the first page loads. */
  skeleton: ReactNode;
  /** What failed, beside a "Try again" button. */
  failure: ReactNode;
  /** Shown instead of the list when there are no items; without it the (empty) list shows. */
  empty?: ReactNode;
  /** The "load more" button under the list; without it the list places its own. */
  more?: Omit<LoadMoreButtonProps, 'query'>;
  /** The list itself. */
  children: ReactNode;
}

/**
 * A list loaded a page at a time: its skeleton while the first page loads, the failure with a
 * retry, the empty state, or the items and a button for the next page.
 */
export function LoadMoreList({
  query,
  count,
  skeleton,
  failure,
  empty,
  more,
  children,
}: LoadMoreListProps) {
  if (query.isLoading) return skeleton;
  if (query.isError && count === 0)
    return <RetryAlert onRetry={query.refetch}>{failure}</RetryAlert>;
  if (count === 0 && empty !== undefined) return empty;
  return (
    <>
      {children}
      {more && <LoadMoreButton query={query} {...more} />}
    </>
  );
}
