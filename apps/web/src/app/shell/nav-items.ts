import ChatRounded from '@mui/icons-material/ChatRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import PhotoLibraryRounded from '@mui/icons-material/PhotoLibraryRounded';
import PollRounded from '@mui/icons-material/PollRounded';
import QuizRounded from '@mui/icons-material/QuizRounded';
import type SvgIcon from '@mui/material/SvgIcon';
import type { ComponentType, ReactNode } from 'react';
import { UnreadChatsBadge } from '../../features/chat';

export interface NavItem {
  label: string;
  to: string;
  icon: typeof SvgIcon;
  /** Wraps the label (or icon) with a live count, such as unread chats. */
  Badge?: ComponentType<{ children: ReactNode }>;
}

/** The main areas, in the order the top bar and the drawer list them. */
export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Discussions', to: '/discussions', icon: ForumRounded },
  { label: 'Polls', to: '/polls', icon: PollRounded },
  { label: 'Quizzes', to: '/quizzes', icon: QuizRounded },
  { label: 'Albums', to: '/albums', icon: PhotoLibraryRounded },
  { label: 'Chat', to: '/chat', icon: ChatRounded, Badge: UnreadChatsBadge },
];

export const HELP_NAV: readonly { label: string; to: string }[] = [
  { label: 'FAQ', to: '/faq' },
  { label: 'About us', to: '/aboutus' },
  { label: 'User guide', to: '/userguide' },
];
