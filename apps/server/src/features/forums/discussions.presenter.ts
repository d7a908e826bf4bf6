import type { Discussion } from '@agora/shared';
import type { DiscussionView } from './discussions.loader';

/** A discussion in its API shape. */
export function presentDiscussion(view: DiscussionView): Discussion {
  const { row } = view;
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    tags: view.tags,
    status: row.status,
    author: view.author,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    likesCount: row.likesCount,
    commentsCount: row.commentsCount,
    viewsCount: row.viewsCount,
    isLiked: view.isLiked,
    isBookmarked: view.isBookmarked,
    hasAudio: row.hasAudio,
    pollChoices: view.pollChoices,
  };
}
