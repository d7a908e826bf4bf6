import type { ICON_PATHS } from '../../../components/plain-icon';
import type { MyContentKind } from '../forums-api';

/** A tab of the member's discussions. */
export interface MyDiscussionsTab {
  id: MyContentKind;
  label: string;
  icon: keyof typeof ICON_PATHS;
  /** The empty state's heading and text. */
  emptyTitle: string;
  emptyText: string;
}

/**
 * A tab of another kind's content, drawn by that kind's own feature (the page picks its list:
 * the side panel linking to these tabs on `/discussions` does not download them).
 */
export interface MyKindTab {
  id: 'polls' | 'quizzes';
  label: string;
  icon: keyof typeof ICON_PATHS;
}

export type MyContentTab = MyDiscussionsTab | MyKindTab;

/** The tabs of `/my-content/:tab`, in order. */
export const MY_CONTENT_TABS: readonly MyContentTab[] = [
  {
    id: 'posted',
    label: 'Posted',
    icon: 'editNoteRounded',
    emptyTitle: 'You have not posted yet',
    emptyText: 'Discussions you start, drafts included, are listed here.',
  },
  {
    id: 'bookmarked',
    label: 'Bookmarked',
    icon: 'bookmarkBorderRounded',
    emptyTitle: 'No bookmarks yet',
    emptyText: 'Bookmark a discussion to find it here again later.',
  },
  {
    id: 'liked',
    label: 'Liked',
    icon: 'favoriteBorder',
    emptyTitle: 'Nothing liked yet',
    emptyText: 'Discussions you like are collected here.',
  },
  {
    id: 'commented',
    label: 'Commented',
    icon: 'chatBubbleOutline',
    emptyTitle: 'No comments yet',
    emptyText: 'Discussions you comment on or reply in are listed here.',
  },
  { id: 'polls', label: 'Polls', icon: 'pollRounded' },
  { id: 'quizzes', label: 'Quizzes', icon: 'quiz' },
];
