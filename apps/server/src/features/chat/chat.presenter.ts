import type { ChatListEntry, ChatMessage, ChatMessageEvent, TrueFalse } from '@agora/shared';
import type { Storage } from '../../platform/storage';
import type { ChatMemberCard } from './chat.queries';
import type { ChatMessageRow } from './chat.tables';

/** A chat list entry before presenting: the viewer's side of one chat. */
export interface ChatEntryView {
  chatId: number;
  lastMessage: { content: string; createdAt: Date; senderId: number };
  other: ChatMemberCard;
  blockedByMe: boolean;
  blockedByOther: boolean;
  /** The viewer has read the chat's newest message. */
  viewed: boolean;
}

const trueFalse = (value: boolean): TrueFalse => (value ? 'True' : 'False');

/** The name the chat shows for a member: their full name, else their username. */
export const displayNameOf = (card: ChatMemberCard): string =>
  `${card.firstName} ${card.lastName}`.trim() || card.username;

export const avatarOf = (card: ChatMemberCard, storage: Storage): string | null =>
  card.avatarKey && !card.deletedAt ? storage.url(card.avatarKey) : null;

export function presentChatEntry(view: ChatEntryView, storage: Storage): ChatListEntry {
  return {
    chatId: view.chatId,
    chatmessage: {
      message: view.lastMessage.content,
      createdAt: view.lastMessage.createdAt.toISOString(),
      sender: view.lastMessage.senderId,
    },
    displayName: displayNameOf(view.other),
    chatProfile: avatarOf(view.other, storage),
    userId: [view.other.id],
    blockedByMe: trueFalse(view.blockedByMe),
    isBlocked: trueFalse(view.blockedByMe || view.blockedByOther),
    chatViewed: view.viewed,
  };
}

export function presentMessage(
  row: ChatMessageRow,
  sender: ChatMemberCard,
  read: boolean,
  storage: Storage,
): ChatMessage {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    chatId: row.chatId,
    message: row.content,
    user: row.senderId,
    userProfile: avatarOf(sender, storage),
    read,
  };
}

/** The live copy of a message for one member; `counterpart` is the other member as they see them. */
export function presentMessageEvent(
  row: ChatMessageRow,
  sender: ChatMemberCard,
  counterpart: ChatMemberCard,
  unreadChats: number,
  storage: Storage,
): ChatMessageEvent {
  return {
    type: 'chat_message',
    chatId: row.chatId,
    message: row.content,
    unreadchat: unreadChats,
    createdAt: row.createdAt.toISOString(),
    user: row.senderId,
    userProfile: avatarOf(sender, storage),
    id: row.id,
    displayName: displayNameOf(counterpart),
    chatProfile: avatarOf(counterpart, storage),
  };
}
