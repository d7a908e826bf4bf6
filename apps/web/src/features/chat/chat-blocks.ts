import type { BlockState, ChatListEntry } from '@agora/shared';
import * as chatApi from './chat-api';
import { chatBlocked, chatCall, chatUnblocked } from './chat-slice';

/** The member's chat with another member, as a profile page needs it. */
export interface MemberChat {
  /** Null while the two have never written to each other. */
  chatId: number | null;
  /** The chat's list entry, when the server lists it (a deleted chat is not listed). */
  entry: ChatListEntry | null;
}

/**
 * Finds the chat with member `memberId` (`user_chat_id/?user=`, 404 meaning none) and its list
 * entry, which says who blocked whom: from the loaded list, else a search by username.
 */
export const lookUpMemberChat = chatCall<MemberChat, { memberId: number; username: string }>(
  'chat/lookUpMemberChat',
  async ({ memberId, username }, { signal, getState }) => {
    const chatId = await chatApi.getUserChatId(memberId, signal);
    if (chatId === null) return { chatId, entry: null };
    const known = getState().chat.chats.find((c) => c.chatId === chatId);
    if (known) return { chatId, entry: known };
    const found = await chatApi.searchChats(username, signal);
    return { chatId, entry: found.results.find((c) => c.chatId === chatId) ?? null };
  },
);

/** Blocks a member from their profile; their chat, if listed, shows the block at once. */
export const blockMember = chatCall<BlockState, { memberId: number; chatId: number | null }>(
  'chat/blockMember',
  async ({ memberId, chatId }, { signal, dispatch }) => {
    const state = await chatApi.blockMember({ user_id: memberId }, signal);
    if (chatId !== null) dispatch(chatBlocked(chatId));
    return state;
  },
);

/** Lifts the member's block from their profile; SPEC §4: the chat entry shows no block. */
export const unblockMember = chatCall<BlockState, { memberId: number; chatId: number | null }>(
  'chat/unblockMember',
  async ({ memberId, chatId }, { signal, dispatch }) => {
    const state = await chatApi.unblockMember({ user_id: memberId }, signal);
    if (chatId !== null) dispatch(chatUnblocked(chatId));
    return state;
  },
);
