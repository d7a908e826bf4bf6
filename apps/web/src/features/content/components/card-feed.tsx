import { Fragment } from 'react';
import type { ComponentType, ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import { itemsOf, LoadMoreList } from '../../../components/load-more-list';
import type { PagedQuery } from '../../../components/load-more-list';
import { apiFailure } from '../../auth';

/** The parts of an RTK Query infinite query result the feed reads. */
export interface InfiniteCards<T> extends PagedQuery {
  data?: { pages: { results: T[] }[] };
  error?: unknown;
  isFetching: boolean;
}

export interface CardFeedProps<T extends { id: number }> {
  query: InfiniteCards<T>;
  label: string;
  /** What to show when the feed has nothing. */
  empty: ReactNode;
  /** The kind in the plural, for the failure message and the next-page button: "polls". */
  plural: string;
  /** One item's card. */
  card: (item: T) => ReactNode;
  /** A card's placeholder while the first page loads. */
  skeleton: ComponentType;
}

function Skeletons({ count, skeleton: Skeleton }: { count: number; skeleton: ComponentType }) {
  return (
    <Stack spacing={2} aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} />
      ))}
    </Stack>
  );
}

/** Cards of one kind, usable in place, with a button for the next page (ARIA feed pattern). */
export function CardFeed<T extends { id: number }>({
  query,
  label,
  empty,
  plural,
  card,
  skeleton,
}: CardFeedProps<T>) {
  const items = itemsOf(query.data);
  return (
    <LoadMoreList
      query={query}
      count={items.length}
      skeleton={<Skeletons count={3} skeleton={skeleton} />}
      failure={query.error ? apiFailure(query.error).message : `The ${plural} could not be loaded.`}
      empty={empty}
      more={{ label: `Load more ${plural}`, variant: 'outlined', fullWidth: true, sx: { mt: 2 } }}
    >
      <Stack role="feed" aria-label={label} aria-busy={query.isFetching} spacing={2}>
        {items.map((item) => (
          <Fragment key={item.id}>{card(item)}</Fragment>
        ))}
      </Stack>
    </LoadMoreList>
  );
}
