import { z } from 'zod';
import { ZChatMessage } from './chat';
import { ZContentModel } from './content';
import { ZNotificationItem } from './notifications';
import { ZPollResults } from './polls';
import type { CHAT_SOCKET_PATH, NOTIFICATION_SOCKET_PATH, LIVE_SOCKET_PATH } from './sockets';

/** WebSocket contracts of issue 5 (SPEC §7 "Sockets"): one union for every message either socket sends. */

const ZCount = z.number().int().nonnegative();

/** Chat socket: the member's number of chats with unread messages, on connect and on every change. */
export const ZTotalChatEvent = z.object({ type: z.literal('total_chat'), total_chat: ZCount });
export type TotalChatEvent = z.infer<typeof ZTotalChatEvent>;

/** Chat socket: a message sent in one of the member's chats, to both members (every open tab). */
export const ZChatMessageEvent = z.object({
  type: z.literal('chat_message'),
  chatId: ZChatMessage.shape.chatId,
  message: ZChatMessage.shape.message,
  /** The recipient's number of chats with unread messages after this one. */
  unreadchat: ZCount,
  createdAt: ZChatMessage.shape.createdAt,
  /** Id of the sender. */
  user: ZChatMessage.shape.user,
  /** The sender's avatar. */
  userProfile: ZChatMessage.shape.userProfile,
  /** The message id, so a client can tell it from the copy its own send call returned. */
  id: ZChatMessage.shape.id.optional(),
  /**
   * The other member of the chat as the recipient's list shows it, so a chat the client does not
   * know yet can be listed with a name and an avatar.
   */
  displayName: z.string().optional(),
  chatProfile: ZChatMessage.shape.userProfile.optional(),
});
export type ChatMessageEvent = z.infer<typeof ZChatMessageEvent>;

/** Notification socket: notifications the member has not viewed, on connect and on change. */
export const ZNotificationCountEvent = z.object({
  type: z.literal('notification_count'),
  notification_count: ZCount,
});
export type NotificationCountEvent = z.infer<typeof ZNotificationCountEvent>;

/** Notification socket: one new notification; `message` is the text of its desktop notification. */
export const ZNotificationDetailsEvent = z.object({
  type: z.literal('notification_details'),
  message: z.string(),
  notification: ZNotificationItem,
});
export type NotificationDetailsEvent = z.infer<typeof ZNotificationDetailsEvent>;

/**
 * Live socket: an object the client watches changed. `counts` holds its named counters
 * (`votersCount`, `commentsCount`, `likesCount`…); `tallies` a poll's results, only when this
 * viewer may see them (otherwise absent, exactly as in the HTTP answers).
 */
export const ZLiveUpdateEvent = z.object({
  type: z.literal('live_update'),
  model: ZContentModel,
  id: z.number().int().positive(),
  counts: z.record(z.string(), ZCount),
  tallies: ZPollResults.optional(),
});
export type LiveUpdateEvent = z.infer<typeof ZLiveUpdateEvent>;

/** What a client sends on the live socket: start or stop watching one object. */
export const ZLiveClientMessage = z.object({
  type: z.enum(['subscribe', 'unsubscribe']),
  model: ZContentModel,
  id: z.number().int().positive(),
});
export type LiveClientMessage = z.infer<typeof ZLiveClientMessage>;

/** Every message a server socket sends, told apart by `type`. */
export const ZSocketMessage = z.discriminatedUnion('type', [
  ZTotalChatEvent,
  ZChatMessageEvent,
  ZNotificationCountEvent,
  ZNotificationDetailsEvent,
  ZLiveUpdateEvent,
]);
export type SocketMessage = z.infer<typeof ZSocketMessage>;
export type SocketMessageType = SocketMessage['type'];

/** What the chat socket sends, and what the notification socket sends. */
export type ChatSocketMessage = TotalChatEvent | ChatMessageEvent;
export type NotificationSocketMessage = NotificationCountEvent | NotificationDetailsEvent;

/** Which messages each socket path may carry, so a sender cannot put one on the wrong socket. */
export interface SocketMessagesByPath {
  [CHAT_SOCKET_PATH]: ChatSocketMessage;
  [NOTIFICATION_SOCKET_PATH]: NotificationSocketMessage;
  [LIVE_SOCKET_PATH]: LiveUpdateEvent;
}
export type SocketPath = keyof SocketMessagesByPath;

/**
 * A socket message from the wire (a JSON text) or already parsed; null for anything that is not
 * valid JSON or not one of the known shapes, so a receiver can simply ignore it.
 */
export function parseSocketMessage(raw: unknown): SocketMessage | null {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const result = ZSocketMessage.safeParse(value);
  return result.success ? result.data : null;
}
