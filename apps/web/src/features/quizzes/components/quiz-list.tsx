import type { ReactNode } from 'react';
import type { QuizPage } from '@agora/shared';
import Stack from '@mui/material/Stack';
import { itemsOf, LoadMoreList } from '../../../components/load-more-list';
import type { PagedQuery } from '../../../components/load-more-list';
import { apiFailure } from '../../auth';
import { QuizCard, QuizCardSkeleton } from './quiz-card';

/** The parts of an RTK Query infinite query result the list reads. */
export interface InfiniteQuizzes extends PagedQuery {
  data?: { pages: QuizPage[] };
  error?: unknown;
  isFetching: boolean;
}

interface QuizListProps {
  query: InfiniteQuizzes;
  label: string;
  /** What to show when the list has no quizzes. */
  empty: ReactNode;
}

function Skeletons({ count }: { count: number }) {
  return (
    <Stack spacing={2} aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <QuizCardSkeleton key={index} />
      ))}
    </Stack>
  );
}

/** Quiz cards, playable in place, with a button for the next page (ARIA feed pattern). */
export function QuizList({ query, label, empty }: QuizListProps) {
  const quizzes = itemsOf(query.data);
  return (
    <LoadMoreList
      query={query}
      count={quizzes.length}
      skeleton={<Skeletons count={3} />}
      failure={query.error ? apiFailure(query.error).message : 'The quizzes could not be loaded.'}
      empty={empty}
      more={{ label: 'Load more quizzes', variant: 'outlined', fullWidth: true, sx: { mt: 2 } }}
    >
      <Stack role="feed" aria-label={label} aria-busy={query.isFetching} spacing={2}>
        {quizzes.map((quiz) => (
          <QuizCard key={quiz.id} quiz={quiz} />
        ))}
      </Stack>
    </LoadMoreList>
  );
}
