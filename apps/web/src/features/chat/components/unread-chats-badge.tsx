import type { ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import { screenReaderOnly } from '../../../components/screen-reader-only';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsAuthenticated } from '../../auth';
import { selectUnreadChatTotal } from '../chat-slice';

/** The number of chats with unread messages, live from the chat socket, on the Chat nav entry. */
export function UnreadChatsBadge({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const unread = useAppSelector(selectUnreadChatTotal);
  const shown = isAuthenticated ? unread : 0;
  // No badge at all at zero, so the entry is named just by its label.
  if (shown === 0) return children;
  return (
    <Badge
      badgeContent={shown}
      color="error"
      max={99}
      slotProps={{ badge: { 'aria-hidden': true } }}
      sx={{ '& .MuiBadge-badge': { right: -10, top: 2 } }}
    >
      {children}
      <Box component="span" sx={screenReaderOnly}>
        {` ${shown} unread`}
      </Box>
    </Badge>
  );
}
