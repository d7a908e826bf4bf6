import type { ReactNode } from 'react';
import { PlainBadge } from '../../../components/plain/badge';
import screenReaderOnly from '../../../components/screen-reader-only.module.css';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsAuthenticated } from '../../auth';
import { selectUnreadChatTotal } from '../chat-slice';

const MAX_SHOWN = 99;

/** The number of chats with unread messages, live from the chat socket, on the Chat nav entry. */
export function UnreadChatsBadge({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const unread = useAppSelector(selectUnreadChatTotal);
  const shown = isAuthenticated ? unread : 0;
  // No badge at all at zero, so the entry is named just by its label.
  if (shown === 0) return children;
  return (
    <PlainBadge
      content={shown > MAX_SHOWN ? `${MAX_SHOWN}+` : String(shown)}
      placement="afterLabel"
    >
      {children}
      <span className={screenReaderOnly.text}>{` ${shown} unread`}</span>
    </PlainBadge>
  );
}
