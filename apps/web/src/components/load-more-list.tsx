import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ButtonProps } from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

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

/** What failed to load, with a button to try again. */
export function RetryAlert({
  children,
  onRetry,
  sx,
}: {
  children: ReactNode;
  onRetry: () => unknown;
  sx?: SxProps<Theme>;
}) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

interface LoadMoreButtonProps extends Omit<ButtonProps, 'onClick' | 'disabled' | 'children'> {
  query: PagedQuery;
  label: string;
}

/** Fetches the next page; absent when there is none. */
export function LoadMoreButton({ query, label, ...button }: LoadMoreButtonProps) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      {...button}
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
    >
      {query.isFetchingNextPage ? 'Loading…' : label}
    </Button>
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
