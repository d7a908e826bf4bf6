import type { MemberHit } from '@agora/shared';
import * as chatApi from './chat-api';
import { chatCall, chatSelected } from './chat-slice';
import type { SelectedChatUser } from './chat-slice';

/** The name chat shows for a member, as the server names them in chat lists. */
export const memberDisplayName = (member: MemberHit): string =>
  `${member.firstName} ${member.lastName}`.trim() || member.username;

/** Members whose username or name matches `q` (the members search of `/api/common/userdata/`). */
export const searchMembers = chatCall<MemberHit[], string>('chat/searchMembers', (q, { signal }) =>
  chatApi.searchMembers(q, signal),
);

/**
 * Opens the conversation with a member found by search: their chat when there is one (a deleted
 * chat comes back with its messages), otherwise a new one that the first message starts. The
 * block between the two comes along, so a blocked conversation says so before anyone types.
 */
export const openMemberChat = chatCall<SelectedChatUser, MemberHit>(
  'chat/openMemberChat',
  async (member, { signal, dispatch }) => {
    const found = await chatApi.getUserChat(member.id, signal);
    const selected: SelectedChatUser = {
      chatId: found.chatId,
      userId: member.id,
      displayName: memberDisplayName(member),
      chatProfile: member.avatar,
      blockedByMe: found.blockedByMe,
      isBlocked: found.isBlocked,
    };
    dispatch(chatSelected(selected));
    return selected;
  },
);
