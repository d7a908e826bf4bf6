import type { Quiz } from '@agora/shared';
import { CardFeed } from '../../content';
import type { CardFeedProps } from '../../content';
import { QuizCard, QuizCardSkeleton } from './quiz-card';

type QuizListProps = Pick<CardFeedProps<Quiz>, 'query' | 'label' | 'empty'>;

/** Quiz cards, playable in place, with a button for the next page. */
export function QuizList(props: QuizListProps) {
  return (
    <CardFeed
      {...props}
      plural="quizzes"
      skeleton={QuizCardSkeleton}
      card={(quiz) => <QuizCard quiz={quiz} />}
    />
  );
}
