import type {
  BlockState,
  BlockUser,
  ChatBlock,
  ChatListEntry,
  ChatListPage,
  ChatMessage,
  ChatMessagePage,
  ChatUnblock,
  MemberHit,
  MemberSearchResults,
  SendMessage,
  StartChat,
  UnreadChat,
  UserChat,
} from '@agora/shared';
import { http } from '../../lib/http-client';

/**
 * The chat calls of SPEC §7, under `/api/chats/chat-list/`. Plain HTTP, nothing else: pages use
 * the thunks of `chat-slice.ts`, which skip every call when nobody is signed in (SPEC §6) and
 * keep the slice in step.
 */

export const CHAT_BASE = '/api/chats/chat-list/';

const chatPath = (chatId: number, action = '') => `${CHAT_BASE}${chatId}/${action}`;

export async function listChats(cursor?: string, signal?: AbortSignal): Promise<ChatListPage> {
  const { data } = await http.get<ChatListPage>(CHAT_BASE, { params: { cursor }, signal });
  return data;
}

/** `search_chatllist/?q=`: chats whose other member's name or username matches. */
export async function searchChats(q: string, signal?: AbortSignal): Promise<ChatListPage> {
  const { data } = await http.get<ChatListPage>(`${CHAT_BASE}search_chatllist/`, {
    params: { q },
    signal,
  });
  return data;
}

/** `/api/common/userdata/?q=`: members by username or name, to start a chat with. */
export async function searchMembers(q: string, signal?: AbortSignal): Promise<MemberHit[]> {
  const { data } = await http.get<MemberSearchResults>('/api/common/userdata/', {
    params: { q },
    signal,
  });
  return data.results;
}

/** Starts a chat with a first message, or adds it to the existing chat of the pair. */
export async function startChat(body: StartChat, signal?: AbortSignal): Promise<ChatListEntry> {
  const { data } = await http.post<ChatListEntry>(CHAT_BASE, body, { signal });
  return data;
}

/** Messages of a chat, newest first. */
export async function listMessages(
  chatId: number,
  cursor?: string,
  signal?: AbortSignal,
): Promise<ChatMessagePage> {
  const { data } = await http.get<ChatMessagePage>(chatPath(chatId, 'messages_list/'), {
    params: { cursor },
    signal,
  });
  return data;
}

export async function sendMessage(
  chatId: number,
  body: SendMessage,
  signal?: AbortSignal,
): Promise<ChatMessage> {
  const { data } = await http.post<ChatMessage>(chatPath(chatId, 'send_messages/'), body, {
    signal,
  });
  return data;
}

/** How many chats hold messages the member has not read. */
export async function getUnreadChats(signal?: AbortSignal): Promise<number> {
  const { data } = await http.get<UnreadChat>(`${CHAT_BASE}unread_chat/`, { signal });
  return data.unreadChat;
}

export async function markChatRead(chatId: number, signal?: AbortSignal): Promise<void> {
  await http.put(chatPath(chatId, 'read_chatmessages/'), undefined, { signal });
}

export async function deleteChat(chatId: number, signal?: AbortSignal): Promise<void> {
  await http.delete(chatPath(chatId), { signal });
}

/** The member's chat with user `userId` (null while they have none) and the block between them. */
export async function getUserChat(userId: number, signal?: AbortSignal): Promise<UserChat> {
  const { data } = await http.get<UserChat>(`${CHAT_BASE}user_chat_id/`, {
    params: { user: userId },
    signal,
  });
  return data;
}

export async function blockChat(
  chatId: number,
  body: ChatBlock,
  signal?: AbortSignal,
): Promise<void> {
  await http.post(chatPath(chatId, 'chat_block/'), body, { signal });
}

export async function unblockChat(body: ChatUnblock, signal?: AbortSignal): Promise<void> {
  await http.post(`${CHAT_BASE}chat_unblock/`, body, { signal });
}

/** `/api/common/blocked-user/`: the same block as `chat_block/`, from a member's profile. */
export const BLOCKED_USER_PATH = '/api/common/blocked-user/';

/** Blocks a member; answers the block between the two afterwards. */
export async function blockMember(body: BlockUser, signal?: AbortSignal): Promise<BlockState> {
  const { data } = await http.post<BlockState>(BLOCKED_USER_PATH, body, { signal });
  return data;
}

/** Lifts the member's own block; the other member's block of them, if any, stays. */
export async function unblockMember(body: BlockUser, signal?: AbortSignal): Promise<BlockState> {
  const { data } = await http.delete<BlockState>(BLOCKED_USER_PATH, { data: body, signal });
  return data;
}
