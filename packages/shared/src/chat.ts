import { z } from 'zod';
import { zPage } from './pagination';
import { PAGE_SIZE_MAX } from './constants';
import { zSearchWords, zText } from './text';

/** Chat contracts of issue 5 (SPEC §3 and §7 "Chat"), shared by the server and the web client. */

/** Longest chat message a member may send, in characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 5000;

const ZIsoDateTime = z.iso.datetime({ offset: true });
const ZId = z.number().int().positive();
const ZAvatarUrl = z.url({ protocol: /^https?$/ }).nullable();

/** SPEC §3 spells flags of the chat list as the strings 'True' and 'False'. */
export const ZTrueFalse = z.enum(['True', 'False']);
export type TrueFalse = z.infer<typeof ZTrueFalse>;

/** The text of a message being sent: 1 to 5,000 characters, not only spaces. */
export const ZChatMessageText = zText('Write the message as text.')
  .refine((value) => value.trim().length > 0, 'Write a message before sending.')
  .refine(
    (value) => value.length <= CHAT_MESSAGE_MAX_LENGTH,
    `Keep a message to ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters or fewer.`,
  );

/** The latest message of a chat, as its list entry shows it. */
export const ZChatLastMessage = z.object({
  message: z.string(),
  createdAt: ZIsoDateTime,
  /** Id of the member who sent it. */
  sender: ZId,
});
export type ChatLastMessage = z.infer<typeof ZChatLastMessage>;

/** One chat in the member's chat list (SPEC §3, field for field). */
export const ZChatListEntry = z.object({
  chatId: ZId,
  chatmessage: ZChatLastMessage,
  /** The other member's name as the list shows it. */
  displayName: z.string(),
  /** The other member's avatar. */
  chatProfile: ZAvatarUrl,
  /** Id of the other member of this one-to-one chat (a list, as SPEC §3 shows it). */
  userId: z.array(ZId),
  /** The viewer has blocked the other member. */
  blockedByMe: ZTrueFalse,
  /** A block stands between the two members; neither can send. */
  isBlocked: ZTrueFalse,
  /** The viewer has read every message of this chat. */
  chatViewed: z.boolean(),
});
export type ChatListEntry = z.infer<typeof ZChatListEntry>;

/** One message of a chat (SPEC §3). */
export const ZChatMessage = z.object({
  id: ZId,
  createdAt: ZIsoDateTime,
  chatId: ZId,
  message: z.string(),
  /** Id of the member who sent it. */
  user: ZId,
  /** The sender's avatar. */
  userProfile: ZAvatarUrl,
  /** The recipient has read it. */
  read: z.boolean(),
});
export type ChatMessage = z.infer<typeof ZChatMessage>;

export const ZChatListPage = zPage(ZChatListEntry);
export type ChatListPage = z.infer<typeof ZChatListPage>;

/** Messages of one chat, newest first. */
export const ZChatMessagePage = zPage(ZChatMessage);
export type ChatMessagePage = z.infer<typeof ZChatMessagePage>;

/** Query of the chat list, the chat search and a chat's messages. */
export const ZChatPageQuery = z.object({
  cursor: zText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
});
export type ChatPageQuery = z.infer<typeof ZChatPageQuery>;

/** `search_chatllist/?q=`: the other member's name or username. */
export const ZChatSearchQuery = ZChatPageQuery.extend({
  q: zSearchWords().trim().max(150, 'Search with at most 150 characters.'),
});
export type ChatSearchQuery = z.infer<typeof ZChatSearchQuery>;

/** A member id sent by the client, with messages a member can act on. */
const ZMemberIdInput = z
  .number('Send the member as a numeric id.')
  .int('Send the member as a numeric id.')
  .positive('Send the member as a numeric id.');
const ZChatIdInput = z
  .number('Send the chat as a numeric id.')
  .int('Send the chat as a numeric id.')
  .positive('Send the chat as a numeric id.');

/** POST `/api/chats/chat-list/`: start a chat with `member` (a member id) with a first message. */
export const ZStartChat = z.object({ member: ZMemberIdInput, newmessage: ZChatMessageText });
export type StartChat = z.infer<typeof ZStartChat>;

/** POST `{chatid}/send_messages/`. */
export const ZSendMessage = z.object({ newmessage: ZChatMessageText });
export type SendMessage = z.infer<typeof ZSendMessage>;

/** POST `{chatid}/chat_block/`: the member to block. */
export const ZChatBlock = z.object({ user_id: ZMemberIdInput });
export type ChatBlock = z.infer<typeof ZChatBlock>;

/** POST `chat_unblock/`: the id of the chat whose block the viewer lifts. */
export const ZChatUnblock = z.object({ chat_unblock_id: ZChatIdInput });
export type ChatUnblock = z.infer<typeof ZChatUnblock>;

/** GET `unread_chat/`: how many chats hold messages the viewer has not read. */
export const ZUnreadChat = z.object({ unreadChat: z.number().int().nonnegative() });
export type UnreadChat = z.infer<typeof ZUnreadChat>;

/** GET `user_chat_id/?user=`. */
export const ZUserChatIdQuery = z.object({
  user: z.coerce
    .number('Send the member as a numeric id.')
    .int('Send the member as a numeric id.')
    .positive('Send the member as a numeric id.'),
});
export type UserChatIdQuery = z.infer<typeof ZUserChatIdQuery>;

/**
 * Answer of `user_chat_id/`: the viewer's chat with that member, null while they have none (a
 * normal state, so not an error), and the block between them as the chat list spells it.
 */
export const ZUserChat = z.object({
  chatId: ZId.nullable(),
  /** The viewer has blocked the member. */
  blockedByMe: ZTrueFalse,
  /** A block stands between the two members, in either direction; neither can send. */
  isBlocked: ZTrueFalse,
});
export type UserChat = z.infer<typeof ZUserChat>;

/** `{chatid}` of the chat paths. */
export const ZChatIdParams = z.object({
  chatid: z.coerce
    .number('Use a numeric chat id.')
    .int('Use a numeric chat id.')
    .positive('Use a numeric chat id.')
    .max(Number.MAX_SAFE_INTEGER, 'Use a numeric chat id.'),
});
export type ChatIdParams = z.infer<typeof ZChatIdParams>;
