import type { BlockState, UserChat } from '@agora/shared';
import * as chatApi from './chat-api';
import { chatBlocked, chatCall, chatUnblocked } from './chat-slice';

/** The member's chat with another member, as a profile page needs it. */
export type MemberChat = UserChat;

/** Finds the chat with member `memberId` (`user_chat_id/?user=`) and who blocked whom. */
export const lookUpMemberChat = chatCall<MemberChat, { memberId: number }>(
  'chat/lookUpMemberChat',
  ({ memberId }, { signal }) => chatApi.getUserChat(memberId, signal),
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
