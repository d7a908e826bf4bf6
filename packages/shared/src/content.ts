import { z } from 'zod';

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

export const ZContentModel = z.enum(
  CONTENT_MODELS,
  'Choose forum, comment, subcomment, poll, quiz or album.',
);
