import BookmarkBorderRounded from '@mui/icons-material/BookmarkBorderRounded';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import PollRounded from '@mui/icons-material/PollRounded';
import QuizRounded from '@mui/icons-material/QuizRounded';
import type SvgIcon from '@mui/material/SvgIcon';
import type { MyContentKind } from '../forums-api';

/** A tab of the member's discussions. */
export interface MyDiscussionsTab {
  id: MyContentKind;
  label: string;
  icon: typeof SvgIcon;
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
  icon: typeof SvgIcon;
}

export type MyContentTab = MyDiscussionsTab | MyKindTab;

/** The tabs of `/my-content/:tab`, in order. */
export const MY_CONTENT_TABS: readonly MyContentTab[] = [
  {
    id: 'posted',
    label: 'Posted',
    icon: EditNoteRounded,
    emptyTitle: 'You have not posted yet',
    emptyText: 'Discussions you start, drafts included, are listed here.',
  },
  {
    id: 'bookmarked',
    label: 'Bookmarked',
    icon: BookmarkBorderRounded,
    emptyTitle: 'No bookmarks yet',
    emptyText: 'Bookmark a discussion to find it here again later.',
  },
  {
    id: 'liked',
    label: 'Liked',
    icon: FavoriteBorderRounded,
    emptyTitle: 'Nothing liked yet',
    emptyText: 'Discussions you like are collected here.',
  },
  {
    id: 'commented',
    label: 'Commented',
    icon: ChatBubbleOutlineRounded,
    emptyTitle: 'No comments yet',
    emptyText: 'Discussions you comment on or reply in are listed here.',
  },
  { id: 'polls', label: 'Polls', icon: PollRounded },
  { id: 'quizzes', label: 'Quizzes', icon: QuizRounded },
];
