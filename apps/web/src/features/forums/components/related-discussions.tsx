import { RelatedList } from '../../../components/related-list';
import { useGetRelatedDiscussionsQuery } from '../forums-api';
import { plural } from '../../../lib/format';

/** Up to five discussions like this one; nothing at all when there are none or it fails. */
export function RelatedDiscussions({ discussionId }: { discussionId: number }) {
  const { data: related } = useGetRelatedDiscussionsQuery(discussionId);
  return (
    <RelatedList
      title="Related discussions"
      titleId="related-title"
      items={related?.map((discussion) => ({
        id: discussion.id,
        to: `/discussions/${discussion.id}`,
        title: discussion.title,
        detail: `${discussion.author.username} · ${plural(discussion.commentsCount, 'comment')}`,
      }))}
    />
  );
}
