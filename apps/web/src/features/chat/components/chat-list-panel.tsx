import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import type { ChatListEntry } from '@agora/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import {
  fetchChatList,
  searchChats,
  selectChatLoading,
  selectChatState,
  selectChats,
  selectHasMoreChats,
  selectOpenChatId,
} from '../chat-slice';
import { ChatListItem } from './chat-list-item';

/** Typing pauses this long before the search is sent. */
export const CHAT_SEARCH_DELAY_MS = 300;

interface ChatListPanelProps {
  viewerId: number | null;
  onSelect: (entry: ChatListEntry) => void;
}

type Search = { q: string; results: ChatListEntry[] | null };

/** The member's conversations, newest first, with a search by the other member's name. */
export function ChatListPanel({ viewerId, onSelect }: ChatListPanelProps) {
  const dispatch = useAppDispatch();
  const chats = useAppSelector(selectChats);
  const loading = useAppSelector(selectChatLoading);
  const hasMore = useAppSelector(selectHasMoreChats);
  const cursor = useAppSelector(selectChatState).chatsNext;
  const openChatId = useAppSelector(selectOpenChatId);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search>({ q: '', results: null });
  /** The list was asked for once since the panel opened, so an empty one really is empty. */
  const [listed, setListed] = useState(false);

  useEffect(() => {
    void dispatch(fetchChatList()).finally(() => setListed(true));
  }, [dispatch]);

  const q = query.trim();
  useEffect(() => {
    if (q === '') return undefined;
    let current = true;
    const timer = setTimeout(() => {
      void dispatch(searchChats(q)).then((result) => {
        if (current && searchChats.fulfilled.match(result)) {
          setSearch({ q, results: result.payload });
        }
      });
    }, CHAT_SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [q, dispatch]);

  const searching = q !== '';
  const found = searching && search.q === q ? search.results : null;
  // Search results are a snapshot: show each chat's live state from the list where it has one.
  const shown = searching
    ? (found ?? []).map((hit) => chats.find((c) => c.chatId === hit.chatId) ?? hit)
    : chats;
  const waiting = searching ? found === null : (!listed || loading) && chats.length === 0;

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
        ) : shown.length === 0 ? (
          <Box sx={{ px: 3, py: 6, textAlign: 'center', color: 'text.secondary' }}>
            <ForumOutlined sx={{ fontSize: 40, mb: 1, color: 'text.disabled' }} />
            <Typography sx={{ fontWeight: 600, color: 'text.primary' }}>
              {searching ? 'No matching conversations' : 'No conversations yet'}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {searching
                ? 'Try another name, or open the member’s profile and press Message.'
                : 'Open a member’s profile and press Message to start one.'}
            </Typography>
          </Box>
        ) : (
          <List aria-label={searching ? 'Matching conversations' : 'Conversations'} disablePadding>
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
