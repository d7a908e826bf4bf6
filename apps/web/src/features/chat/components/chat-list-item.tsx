import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import BlockRounded from '@mui/icons-material/BlockRounded';
import type { ChatListEntry } from '@agora/shared';
import { chatName, listTime } from '../chat-format';
import { Avatar } from '../../../components/avatar';

interface ChatListItemProps {
  entry: ChatListEntry;
  selected: boolean;
  /** The signed-in member, to mark their own last message "You:". */
  viewerId: number | null;
  onSelect: (entry: ChatListEntry) => void;
}

/** One conversation in the list: avatar, name, last message, time and an unread dot. */
export function ChatListItem({ entry, selected, viewerId, onSelect }: ChatListItemProps) {
  const name = chatName(entry.displayName);
  const unread = !entry.chatViewed;
  const last = entry.chatmessage;
  const mine = viewerId !== null && last.sender === viewerId;

  return (
    <ListItem disablePadding aria-label={unread ? `${name}, unread` : name}>
      <ListItemButton
        selected={selected}
        onClick={() => onSelect(entry)}
        sx={{ gap: 1.5, py: 1.25, px: 2, alignItems: 'center' }}
      >
        <ListItemAvatar sx={{ minWidth: 0 }}>
          <Avatar name={chatName(entry.displayName)} src={entry.chatProfile} size={44} />
        </ListItemAvatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography
              noWrap
              sx={{ flex: 1, fontWeight: unread ? 700 : 600, fontSize: '0.975rem' }}
            >
              {name}
            </Typography>
            <Typography
              component="time"
              dateTime={last.createdAt}
              variant="caption"
              sx={{ flexShrink: 0, color: unread ? 'primary.main' : 'text.secondary' }}
            >
              {listTime(last.createdAt)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.25 }}>
            {entry.isBlocked === 'True' && (
              <BlockRounded
                titleAccess="Blocked"
                sx={{ fontSize: 16, color: 'text.secondary', flexShrink: 0 }}
              />
            )}
            <Typography
              noWrap
              variant="body2"
              sx={{
                flex: 1,
                color: unread ? 'text.primary' : 'text.secondary',
                fontWeight: unread ? 600 : 400,
              }}
            >
              {mine ? `You: ${last.message}` : last.message}
            </Typography>
            {unread && (
              <Box
                component="span"
                aria-hidden
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  flexShrink: 0,
                }}
              />
            )}
          </Box>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
