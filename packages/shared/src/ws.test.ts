import { describe, expect, it } from 'vitest';
import { WS_CLOSE_UNAUTHORIZED } from './sockets';
import { parseSocketMessage, ZSocketMessage } from './ws';

const notification = {
  id: 9,
  message: 'ada commented on your discussion',
  viewed: false,
  createdAt: '2026-03-01T12:00:00.000Z',
  actor: { id: 7, username: 'ada', avatar: null },
  verb: 'commented',
  targetObject: {
    appLabel: 'forums',
    model: 'discussion',
    id: 12,
    title: 'Engines',
    url: '/discussions/12',
  },
};

const chatMessage = {
  type: 'chat_message',
  chatId: 4,
  message: 'Hello',
  unreadchat: 1,
  createdAt: '2026-03-01T12:00:00.000Z',
  user: 7,
  userProfile: null,
};

describe('socket messages', () => {
  it('accepts the four shapes of SPEC §7 "Sockets"', () => {
    const shapes = [
      { type: 'total_chat', total_chat: 2 },
      chatMessage,
      { type: 'notification_count', notification_count: 5 },
      { type: 'notification_details', message: notification.message, notification },
    ];
    for (const shape of shapes) {
      expect(ZSocketMessage.parse(shape)).toEqual(shape);
      expect(parseSocketMessage(JSON.stringify(shape))).toEqual(shape);
      expect(parseSocketMessage(shape)).toEqual(shape);
    }
  });

  it('keeps the optional message id and other member of a chat message', () => {
    const full = { ...chatMessage, id: 31, displayName: 'Ada', chatProfile: null };
    expect(parseSocketMessage(full)).toEqual(full);
  });

  it('rejects unknown types, missing fields and text that is not JSON', () => {
    expect(parseSocketMessage({ type: 'typing', chatId: 4 })).toBeNull();
    expect(parseSocketMessage({ total_chat: 2 })).toBeNull();
    expect(parseSocketMessage({ type: 'total_chat', total_chat: '2' })).toBeNull();
    expect(parseSocketMessage({ type: 'total_chat', total_chat: -1 })).toBeNull();
    expect(parseSocketMessage({ ...chatMessage, chatId: undefined })).toBeNull();
    expect(parseSocketMessage({ ...chatMessage, createdAt: 'yesterday' })).toBeNull();
    expect(parseSocketMessage({ type: 'notification_count' })).toBeNull();
    expect(
      parseSocketMessage({ type: 'notification_details', message: 'x', notification: {} }),
    ).toBeNull();
    expect(parseSocketMessage('{not json')).toBeNull();
    expect(parseSocketMessage('null')).toBeNull();
    expect(parseSocketMessage(42)).toBeNull();
  });

  it('closes unauthorized sockets with code 4401', () => {
    expect(WS_CLOSE_UNAUTHORIZED).toBe(4401);
  });
});
