import type { ReportModel } from '@agora/shared';

/** The kinds of content the kernel serves: what can be liked, bookmarked, reported. */
export type ContentModel = ReportModel;

/** How a member calls each kind, in labels such as "Report this reply". */
export const CONTENT_NAMES: Record<ContentModel, string> = {
  forum: 'discussion',
  comment: 'comment',
  subcomment: 'reply',
  poll: 'poll',
  quiz: 'quiz',
  album: 'album',
};
