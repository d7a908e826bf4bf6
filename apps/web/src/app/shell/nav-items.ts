import type { ComponentType, ReactNode } from 'react';
import type { ICON_PATHS } from '../../components/plain-icon';
import { UnreadChatsBadge } from '../../features/chat';

export interface NavItem {
  label: string;
  to: string;
  /** The drawer's icon (a PlainIcon: the bar imports this list on every first screen). */
  icon: keyof typeof ICON_PATHS;
  /** Wraps the label (or icon) with a live count, such as unread chats. */
  Badge?: ComponentType<{ children: ReactNode }>;
}

/** The main areas, in the order the top bar and the drawer list them. */
export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Discussions', to: '/discussions', icon: 'forum' },
  { label: 'Polls', to: '/polls', icon: 'pollRounded' },
  { label: 'Quizzes', to: '/quizzes', icon: 'quiz' },
  { label: 'Albums', to: '/albums', icon: 'photoLibrary' },
  { label: 'Chat', to: '/chat', icon: 'chat', Badge: UnreadChatsBadge },
];

export const HELP_NAV: readonly { label: string; to: string }[] = [
  { label: 'FAQ', to: '/faq' },
  { label: 'About us', to: '/aboutus' },
  { label: 'User guide', to: '/userguide' },
];
