import type { ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { itemsOf, LoadMoreList } from '../../../components/load-more-list';
import { apiFailure } from '../../auth';
import { useListAlbumsInfiniteQuery } from '../albums-api';
import type { AlbumListArgs } from '../albums-api';
import { AlbumCard } from './album-card';

/** Two columns on a phone, up to four on a wide screen. */
const GRID_COLUMNS = {
  xs: 'repeat(2, minmax(0, 1fr))',
  sm: 'repeat(3, minmax(0, 1fr))',
  md: 'repeat(4, minmax(0, 1fr))',
};

const gridSx = {
  display: 'grid',
  gridTemplateColumns: GRID_COLUMNS,
  gap: { xs: 1.5, sm: 2 },
  m: 0,
  p: 0,
} as const;

function GridSkeleton() {
  return (
    <Box sx={gridSx} aria-hidden>
      {[0, 1, 2, 3].map((key) => (
        <Box key={key}>
          <Skeleton
            variant="rounded"
            sx={{ aspectRatio: '4 / 3', height: 'auto', borderRadius: '16px' }}
          />
          <Skeleton width="70%" sx={{ mt: 1 }} />
          <Skeleton width="40%" />
        </Box>
      ))}
    </Box>
  );
}

interface AlbumGridProps {
  /** Null while the list cannot be named yet (the member's own, before their profile arrives). */
  args: AlbumListArgs | null;
  /** Names the list for assistive technology: "Albums", "Ada's albums". */
  label: string;
  empty: ReactNode;
  showAuthor?: boolean;
}

/** Albums as a grid of covers, a page at a time. */
export function AlbumGrid({ args, label, empty, showAuthor = true }: AlbumGridProps) {
  const query = useListAlbumsInfiniteQuery(args ?? skipToken);
  const albums = itemsOf(query.data);
  if (args === null) return <GridSkeleton />;
  return (
    <LoadMoreList
      query={query}
      count={albums.length}
      skeleton={<GridSkeleton />}
      failure={query.error ? apiFailure(query.error).message : 'The albums could not be loaded.'}
      empty={empty}
      more={{ label: 'Load more albums', variant: 'outlined', fullWidth: true, sx: { mt: 3 } }}
    >
      <Box component="ul" aria-label={label} aria-busy={query.isFetching} sx={gridSx}>
        {albums.map((album) => (
          <AlbumCard key={album.id} album={album} showAuthor={showAuthor} />
        ))}
      </Box>
    </LoadMoreList>
  );
}
