import { describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  ZChatBlock,
  ZChatListEntry,
  ZChatListPage,
  ZChatMessagePage,
  ZChatUnblock,
  ZSendMessage,
  ZStartChat,
  ZUnreadChat,
  ZUserChat,
  ZUserChatIdQuery,
} from './chat';

const entry = {
  chatId: 4,
  chatmessage: { message: 'Hello', createdAt: '2026-03-01T12:00:00.000Z', sender: 7 },
  displayName: 'Ada Lovelace',
  chatProfile: null,
  userId: [7],
  blockedByMe: 'False',
  isBlocked: 'False',
  chatViewed: true,
};

const message = {
  id: 31,
  createdAt: '2026-03-01T12:00:00.000Z',
  chatId: 4,
  message: 'Hello',
  user: 7,
  userProfile: 'https://agora.example/media/avatars/7.webp',
  read: false,
};

describe('chat contracts', () => {
  it('accepts a chat list entry with SPEC §3 fields and flags spelled True/False', () => {
    expect(ZChatListEntry.parse(entry)).toEqual(entry);
    expect(ZChatListEntry.safeParse({ ...entry, blockedByMe: true }).success).toBe(false);
    expect(ZChatListEntry.safeParse({ ...entry, isBlocked: 'true' }).success).toBe(false);
    expect(ZChatListEntry.safeParse({ ...entry, userId: 7 }).success).toBe(false);
  });

  it('wraps lists as {results, next}', () => {
    expect(ZChatListPage.parse({ results: [entry], next: null }).results).toHaveLength(1);
    expect(ZChatMessagePage.parse({ results: [message], next: 'abc' }).next).toBe('abc');
    expect(ZChatMessagePage.safeParse({ results: [message] }).success).toBe(false);
  });

  it('limits a sent message to 1–5,000 characters', () => {
    expect(CHAT_MESSAGE_MAX_LENGTH).toBe(5000);
    expect(ZSendMessage.safeParse({ newmessage: 'a' }).success).toBe(true);
    expect(ZSendMessage.safeParse({ newmessage: 'a'.repeat(5000) }).success).toBe(true);
    const tooLong = ZSendMessage.safeParse({ newmessage: 'a'.repeat(5001) });
    expect(tooLong.error?.issues[0]?.message).toBe('Keep a message to 5,000 characters or fewer.');
    expect(ZSendMessage.safeParse({ newmessage: '' }).error?.issues[0]?.message).toBe(
      'Write a message before sending.',
    );
    expect(ZSendMessage.safeParse({ newmessage: '   ' }).success).toBe(false);
  });

  it('names request fields as SPEC §3 does', () => {
    expect(ZStartChat.parse({ member: 7, newmessage: 'Hi' })).toEqual({
      member: 7,
      newmessage: 'Hi',
    });
    expect(ZStartChat.safeParse({ member: 0, newmessage: 'Hi' }).success).toBe(false);
    expect(ZChatBlock.parse({ user_id: 7 })).toEqual({ user_id: 7 });
    expect(ZChatUnblock.parse({ chat_unblock_id: 4 })).toEqual({ chat_unblock_id: 4 });
    expect(ZUnreadChat.parse({ unreadChat: 0 })).toEqual({ unreadChat: 0 });
    expect(ZUnreadChat.safeParse({ unreadChat: -1 }).success).toBe(false);
    const noChat = { chatId: null, blockedByMe: 'False', isBlocked: 'True' };
    expect(ZUserChat.parse(noChat)).toEqual(noChat);
    expect(ZUserChatIdQuery.parse({ user: '7' })).toEqual({ user: 7 });
  });
});
