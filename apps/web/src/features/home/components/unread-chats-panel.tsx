import { useCallback } from 'react';
import { useNavigate } from '../../../lib/router';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { ChatListEntry } from '@agora/shared';
import { Avatar } from '../../../components/avatar';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { timeAgo } from '../../../lib/format';
import {
  chatName,
  chatSelected,
  fetchChatList,
  selectChatError,
  selectChats,
  selectUnreadChatTotal,
} from '../../chat';
import { RetryAlert } from './retry-alert';
import { HomePanel, PanelNote, PanelSkeleton } from './home-panel';
import { useLoadOnMount } from './use-load-on-mount';

const SHOWN = 4;

/** Conversations with messages the member has not read, newest first; one click opens one. */
export function UnreadChatsPanel() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const chats = useAppSelector(selectChats);
  const unreadTotal = useAppSelector(selectUnreadChatTotal);
  const error = useAppSelector(selectChatError);
  const { loaded, reload } = useLoadOnMount(
    useCallback(() => dispatch(fetchChatList()), [dispatch]),
  );
  const unread = chats.filter((chat) => !chat.chatViewed).slice(0, SHOWN);
  const title = unreadTotal > 0 ? `Unread chats (${unreadTotal})` : 'Unread chats';

  const open = (entry: ChatListEntry) => {
    const userId = entry.userId[0];
    if (userId !== undefined) {
      dispatch(
        chatSelected({
          chatId: entry.chatId,
          userId,
          displayName: entry.displayName,
          chatProfile: entry.chatProfile,
        }),
      );
    }
    void navigate('/chat');
  };

  return (
    <HomePanel title={title} more={{ label: 'Open chat', to: '/chat' }}>
      {error && loaded && chats.length === 0 ? (
        <RetryAlert message={error} onRetry={reload} sx={{ mx: 2, mb: 2 }} />
      ) : !loaded ? (
        <PanelSkeleton lines={2} />
      ) : unread.length === 0 ? (
        <PanelNote>
          {chats.length === 0
            ? 'No conversations yet. Start one from a member’s profile or the chat page.'
            : 'You are all caught up.'}
        </PanelNote>
      ) : (
        <List disablePadding sx={{ pb: 1 }}>
          {unread.map((entry) => {
            const name = chatName(entry.displayName);
            return (
              <li key={entry.chatId}>
                <ListItemButton onClick={() => open(entry)} sx={{ gap: 1.5, px: 2, py: 1 }}>
                  <Avatar name={name} src={entry.chatProfile} size={32} />
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                      <Typography noWrap sx={{ flex: 1, fontWeight: 700, fontSize: '0.95rem' }}>
                        {name}
                      </Typography>
                      <Typography
                        component="time"
                        variant="caption"
                        dateTime={entry.chatmessage.createdAt}
                        color="textSecondary"
                      >
                        {timeAgo(entry.chatmessage.createdAt)}
                      </Typography>
                    </Box>
                    <Typography variant="body2" noWrap color="textPrimary">
                      {entry.chatmessage.message}
                    </Typography>
                  </Box>
                </ListItemButton>
              </li>
            );
          })}
        </List>
      )}
    </HomePanel>
  );
}
