import { RelatedList } from '../../../components/related-list';
import { plural } from '../../../lib/format';
import { useGetRelatedPollsQuery } from '../polls-api';

/** Up to five polls like this one; nothing at all when there are none or it fails. */
export function RelatedPolls({ pollId }: { pollId: number }) {
  const { data: related } = useGetRelatedPollsQuery(pollId);
  return (
    <RelatedList
      title="Related polls"
      items={related?.map((poll) => ({
        id: poll.id,
        to: `/polls/${poll.id}`,
        title: poll.question,
        detail: `${poll.author.username} · ${plural(poll.votersCount, 'voter')}`,
      }))}
    />
  );
}
