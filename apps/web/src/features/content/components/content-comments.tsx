import { itemsOf } from '../../../components/load-more-list';
import {
  useCreateContentCommentMutation,
  useListContentCommentsInfiniteQuery,
} from '../content-api';
import type { ContentModel } from '../content-names';
import { CommentsSection } from './comments-section';
import { ContentCommentItem } from './content-comment-item';

export interface ContentCommentsProps {
  model: ContentModel;
  id: number;
  /** The object's comment count, as its own record says. */
  total: number;
  /** Whether the object takes new comments (it is published). */
  open: boolean;
}

/**
 * The comments of any kind of content served by `comments/` (polls, quizzes…): the comments
 * section with its items, replies, likes, edits and deletions. The kind's record gets its
 * `commentsCount` patched through `registerContentCache`.
 */
export function ContentComments({ model, id, total, open }: ContentCommentsProps) {
  const query = useListContentCommentsInfiniteQuery({ model, id });
  const [create] = useCreateContentCommentMutation();
  const comments = itemsOf(query.data);
  return (
    <CommentsSection
      model={model}
      id={id}
      total={total}
      open={open}
      query={query}
      loaded={comments.length}
      onCreate={(content) => create({ model, id, content }).unwrap()}
    >
      {comments.map((comment) => (
        <ContentCommentItem key={comment.id} comment={comment} open={open} />
      ))}
    </CommentsSection>
  );
}
