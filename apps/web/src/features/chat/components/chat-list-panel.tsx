import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import type { ChatListEntry, MemberHit } from '@agora/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import {
  fetchChatList,
  selectChatLoading,
  selectChatState,
  selectChats,
  selectHasMoreChats,
  selectOpenChatId,
} from '../chat-slice';
import { openMemberChat } from '../chat-start';
import { ChatListItem } from './chat-list-item';
import { MemberResultItem } from './member-result-item';
import { useChatSearch } from './use-chat-search';

interface ChatListPanelProps {
  viewerId: number | null;
  onSelect: (entry: ChatListEntry) => void;
}

/**
 * The member's conversations, newest first, with a search by name: matching conversations, then
 * members they have not chatted with yet, each of whom opens a new conversation.
 */
export function ChatListPanel({ viewerId, onSelect }: ChatListPanelProps) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const chats = useAppSelector(selectChats);
  const loading = useAppSelector(selectChatLoading);
  const hasMore = useAppSelector(selectHasMoreChats);
  const cursor = useAppSelector(selectChatState).chatsNext;
  const openChatId = useAppSelector(selectOpenChatId);
  const [query, setQuery] = useState('');
  const [opening, setOpening] = useState(false);
  const newMembersHeading = useId();
  /** The list was asked for once since the panel opened, so an empty one really is empty. */
  const [listed, setListed] = useState(false);

  useEffect(() => {
    void dispatch(fetchChatList()).finally(() => setListed(true));
  }, [dispatch]);

  const q = query.trim();
  const found = useChatSearch(q);
  const searching = q !== '';
  // Search results are a snapshot: show each chat's live state from the list where it has one.
  const shown = searching
    ? (found?.chats ?? []).map((hit) => chats.find((c) => c.chatId === hit.chatId) ?? hit)
    : chats;
  const chattedWith = new Set([...chats, ...shown].flatMap((entry) => entry.userId));
  const newMembers = (found?.members ?? []).filter(
    (member) => member.id !== viewerId && !chattedWith.has(member.id),
  );
  const waiting = searching ? found === null : (!listed || loading) && chats.length === 0;

  const onChoose = async (member: MemberHit) => {
    setOpening(true);
    const result = await dispatch(openMemberChat(member));
    setOpening(false);
    if (openMemberChat.fulfilled.match(result)) setQuery('');
    else toast.error(result.payload ?? 'That conversation could not be opened; try again.');
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ p: 2, pb: 1.5 }}>
        <TextField
          type="search"
          size="small"
          fullWidth
          placeholder="Search by name or username"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': 'Search chats', maxLength: 150 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {waiting ? (
          <Box aria-busy sx={{ px: 2 }}>
            {[0, 1, 2, 3].map((row) => (
              <Box key={row} sx={{ display: 'flex', gap: 1.5, py: 1.5, alignItems: 'center' }}>
                <Skeleton variant="circular" width={44} height={44} />
                <Box sx={{ flex: 1 }}>
                  <Skeleton width="55%" />
                  <Skeleton width="85%" />
                </Box>
              </Box>
            ))}
          </Box>
        ) : shown.length === 0 && newMembers.length === 0 ? (
          <Box sx={{ px: 3, py: 6, textAlign: 'center', color: 'text.secondary' }}>
            <ForumOutlined sx={{ fontSize: 40, mb: 1, color: 'text.disabled' }} />
            <Typography sx={{ fontWeight: 600, color: 'text.primary' }}>
              {searching ? 'Nobody matches' : 'No conversations yet'}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {searching
                ? 'Try another name or username.'
                : 'Search for a member above to start one.'}
            </Typography>
          </Box>
        ) : (
          <>
            {shown.length > 0 && (
              <List
                aria-label={searching ? 'Matching conversations' : 'Conversations'}
                disablePadding
              >
                {shown.map((entry) => (
                  <ChatListItem
                    key={entry.chatId}
                    entry={entry}
                    selected={entry.chatId === openChatId}
                    viewerId={viewerId}
                    onSelect={onSelect}
                  />
                ))}
              </List>
            )}
            {newMembers.length > 0 && (
              <Box component="section" aria-labelledby={newMembersHeading}>
                <Typography
                  id={newMembersHeading}
                  variant="overline"
                  component="h2"
                  sx={{ display: 'block', px: 2, pt: 1.5, color: 'text.secondary' }}
                >
                  Start a new chat
                </Typography>
                <List aria-label="Members to start a chat with" disablePadding>
                  {newMembers.map((member) => (
                    <MemberResultItem
                      key={member.id}
                      member={member}
                      disabled={opening}
                      onChoose={(chosen) => void onChoose(chosen)}
                    />
                  ))}
                </List>
              </Box>
            )}
          </>
        )}
        {!searching && hasMore && cursor !== null && (
          <Box sx={{ p: 2, textAlign: 'center' }}>
            <Button
              size="small"
              disabled={loading}
              onClick={() => void dispatch(fetchChatList(cursor))}
            >
              Show more conversations
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}
