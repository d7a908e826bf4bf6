import { albumsKinds } from './features/albums';
import { cleanFeatured } from './features/common';
import { cleanComments, commentKinds } from './features/comments';
import { forumsKinds } from './features/forums';
import { cleanReports } from './features/moderation';
import { cleanNotifications } from './features/notifications';
import { cleanPolls, pollsKinds } from './features/polls';
import { cleanReactions } from './features/reactions';
import { quizzesKinds } from './features/quizzes';
import type { ContentCleaner, ContentKinds } from './platform/content';

/**
 * Every kind of content, one line per feature: the generic modules (likes, bookmarks, comments,
 * polls, reports, featured, notifications) serve each kind listed here. See docs/new-content-kind.md.
 */
export const CONTENT_KINDS: ContentKinds[] = [
  forumsKinds,
  commentKinds,
  quizzesKinds,
  pollsKinds,
  albumsKinds,
];

/**
 * What each generic module removes when objects are deleted. Comments first: they are content
 * too, and clean their own likes, reports and notifications.
 */
export const CONTENT_CLEANERS: ContentCleaner[] = [
  cleanComments,
  cleanReactions,
  cleanPolls,
  cleanReports,
  cleanFeatured,
  cleanNotifications,
];
