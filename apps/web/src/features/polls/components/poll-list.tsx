import type { Poll } from '@agora/shared';
import { CardFeed } from '../../content';
import type { CardFeedProps } from '../../content';
import { PollCard, PollCardSkeleton } from './poll-card';

type PollListProps = Pick<CardFeedProps<Poll>, 'query' | 'label' | 'empty'>;

/** Poll cards, votable in place, with a button for the next page. */
export function PollList(props: PollListProps) {
  return (
    <CardFeed
      {...props}
      plural="polls"
      skeleton={PollCardSkeleton}
      card={(poll) => <PollCard poll={poll} />}
    />
  );
}
