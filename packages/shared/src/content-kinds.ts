/**
 * The kinds of content and a post's statuses, with their labels, apart from the schemas
 * (`ZContentModel` in `content.ts`, `ZContentStatus` in `forums.ts`), so a page that shows a
 * label or a status chip loads no schema.
 */

/**
 * The kinds of content members can like, report and be notified about, by the model name the
 * API sends. A new kind adds its name here and registers itself with the server's content
 * registry; every generic endpoint then accepts it.
 */
export const CONTENT_MODELS = ['forum', 'comment', 'subcomment', 'poll', 'quiz', 'album'] as const;
export type ContentModel = (typeof CONTENT_MODELS)[number];

/** What members call each kind, capitalised for labels ("Discussion", not the model "forum"). */
export const CONTENT_MODEL_LABELS: Record<ContentModel, string> = {
  forum: 'Discussion',
  comment: 'Comment',
  subcomment: 'Reply',
  poll: 'Poll',
  quiz: 'Quiz',
  album: 'Album',
};

/** Every status a discussion can have; members choose between draft and published. */
export const CONTENT_STATUSES = ['draft', 'published', 'archived', 'hidden'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const CONTENT_STATUS_LABELS: Record<ContentStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
  hidden: 'Hidden',
};
