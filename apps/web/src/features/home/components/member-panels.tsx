import Box from '@mui/material/Box';
import { RecentNotificationsPanel } from './recent-notifications-panel';
import { SuggestedTagsPanel } from './suggested-tags-panel';
import { UnreadChatsPanel } from './unread-chats-panel';

/** The column beside a member's list: chats, notifications, tags. Its own chunk (lazy). */
export default function MemberPanels() {
  return (
    <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
      <UnreadChatsPanel />
      <RecentNotificationsPanel />
      <SuggestedTagsPanel />
    </Box>
  );
}
