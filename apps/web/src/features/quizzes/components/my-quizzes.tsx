import { useState } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import QuizRounded from '@mui/icons-material/QuizRounded';
import { EmptyState } from '../../../components/empty-state';
import { FilterChips } from '../../../components/filter-chips';
import { useListMyQuizzesInfiniteQuery } from '../quizzes-api';
import type { MyQuizzesKind } from '../quizzes-api';
import { QuizList } from './quiz-list';

const LISTS: Record<MyQuizzesKind, { label: string; emptyTitle: string; emptyText: string }> = {
  posted: {
    label: 'Posted',
    emptyTitle: 'You have not asked a quiz yet',
    emptyText: 'Quizzes you write, drafts included, are listed here.',
  },
  bookmarked: {
    label: 'Bookmarked',
    emptyTitle: 'No bookmarked quizzes',
    emptyText: 'Bookmark a quiz to find it here again later.',
  },
  liked: {
    label: 'Liked',
    emptyTitle: 'No liked quizzes',
    emptyText: 'Quizzes you like are collected here.',
  },
  commented: {
    label: 'Commented',
    emptyTitle: 'No comments on quizzes',
    emptyText: 'Quizzes you comment on are listed here.',
  },
};

const KINDS = Object.keys(LISTS) as MyQuizzesKind[];

function MyQuizList({ kind }: { kind: MyQuizzesKind }) {
  const query = useListMyQuizzesInfiniteQuery(kind);
  const list = LISTS[kind];
  return (
    <QuizList
      query={query}
      label={`${list.label} quizzes`}
      empty={
        <EmptyState
          icon={QuizRounded}
          title={list.emptyTitle}
          actions={
            kind === 'posted' ? (
              <Button component={RouterLink} to="/quizzes/new" variant="contained">
                Create a quiz
              </Button>
            ) : (
              <Button component={RouterLink} to="/quizzes" variant="contained">
                Browse quizzes
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

/** The member's quizzes for My content: the ones they posted, bookmarked, liked or commented on. */
export function MyQuizzes() {
  const [kind, setKind] = useState<MyQuizzesKind>('posted');
  return (
    <Box>
      <FilterChips
        label="Which quizzes"
        options={KINDS.map((value) => ({ value, label: LISTS[value].label }))}
        value={kind}
        onChange={setKind}
      />
      {/* Keyed by list: each keeps its own cache entry and paging. */}
      <MyQuizList key={kind} kind={kind} />
    </Box>
  );
}
