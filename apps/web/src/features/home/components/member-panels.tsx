import { panelColumnClass } from './home-panel';
import { RecentNotificationsPanel } from './recent-notifications-panel';
import { SuggestedTagsPanel } from './suggested-tags-panel';
import { UnreadChatsPanel } from './unread-chats-panel';

/**
 * The column beside a member's list: chats, notifications, tags. Its own chunk, loaded as an
 * MUI island (member-home.tsx): its lists and chips are MUI's.
 */
export default function MemberPanels() {
  return (
    <div className={panelColumnClass}>
      <UnreadChatsPanel />
      <RecentNotificationsPanel />
      <SuggestedTagsPanel />
    </div>
  );
}
