import { useState } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PollRounded from '@mui/icons-material/PollRounded';
import { EmptyState } from '../../../components/empty-state';
import { FilterChips } from '../../../components/filter-chips';
import { MY_POLLS_PATHS, useListMyPollsInfiniteQuery } from '../polls-api';
import type { MyPollsKind } from '../polls-api';
import { PollList } from './poll-list';

const LISTS: Record<MyPollsKind, { label: string; emptyTitle: string; emptyText: string }> = {
  posted: {
    label: 'Posted',
    emptyTitle: 'You have not asked a poll yet',
    emptyText: 'Polls you create, drafts included, are listed here.',
  },
  bookmarked: {
    label: 'Bookmarked',
    emptyTitle: 'No bookmarked polls',
    emptyText: 'Bookmark a poll to find it here again later.',
  },
  liked: {
    label: 'Liked',
    emptyTitle: 'No liked polls',
    emptyText: 'Polls you like are collected here.',
  },
  commented: {
    label: 'Commented',
    emptyTitle: 'No comments on polls',
    emptyText: 'Polls you comment on are listed here.',
  },
};

const KINDS = Object.keys(MY_POLLS_PATHS) as MyPollsKind[];

function MyPollList({ kind }: { kind: MyPollsKind }) {
  const query = useListMyPollsInfiniteQuery(kind);
  const list = LISTS[kind];
  return (
    <PollList
      query={query}
      label={`${list.label} polls`}
      empty={
        <EmptyState
          icon={PollRounded}
          title={list.emptyTitle}
          actions={
            kind === 'posted' ? (
              <Button component={RouterLink} to="/polls/new" variant="contained">
                Create a poll
              </Button>
            ) : (
              <Button component={RouterLink} to="/polls" variant="contained">
                Browse polls
              </Button>
            )
          }
        >
          {list.emptyText}
        </EmptyState>
      }
    />
  );
}

/** The member's polls for My content: the ones they posted, bookmarked, liked or commented on. */
export function MyPolls() {
  const [kind, setKind] = useState<MyPollsKind>('posted');
  return (
    <Box>
      <FilterChips
        label="Which polls"
        options={KINDS.map((value) => ({ value, label: LISTS[value].label }))}
        value={kind}
        onChange={setKind}
      />
      {/* Keyed by list: each keeps its own cache entry and paging. */}
      <MyPollList key={kind} kind={kind} />
    </Box>
  );
}
