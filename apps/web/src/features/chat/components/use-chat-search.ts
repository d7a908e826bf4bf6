import { useEffect, useState } from 'react';
import type { ChatListEntry, MemberHit } from '@agora/shared';
import { useAppDispatch } from '../../../lib/hooks';
import { searchChats } from '../chat-slice';
import { searchMembers } from '../chat-start';

/** Typing pauses this long before the search is sent. */
export const CHAT_SEARCH_DELAY_MS = 300;

/** What one search found: the member's own chats, and members to start a chat with. */
export interface ChatSearchResults {
  chats: ChatListEntry[];
  members: MemberHit[];
}

/**
 * Searches the member's chats (`search_chatllist/`) and all members (`userdata/`) for `q` once
 * typing pauses; null until both answers for the current words are in. A failed member search
 * leaves the chats found: the conversations are what the search is mostly for.
 */
export function useChatSearch(q: string): ChatSearchResults | null {
  const dispatch = useAppDispatch();
  const [found, setFound] = useState<{ q: string; results: ChatSearchResults } | null>(null);

  useEffect(() => {
    if (q === '') return undefined;
    let current = true;
    const timer = setTimeout(() => {
      void Promise.all([dispatch(searchChats(q)), dispatch(searchMembers(q))]).then(
        ([chats, members]) => {
          if (!current || !searchChats.fulfilled.match(chats)) return;
          setFound({
            q,
            results: {
              chats: chats.payload,
              members: searchMembers.fulfilled.match(members) ? members.payload : [],
            },
          });
        },
      );
    }, CHAT_SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [q, dispatch]);

  return found !== null && found.q === q ? found.results : null;
}
