import { CHAT_SOCKET_PATH } from '@agora/shared';
import type { ChatContext } from './chat.context';
import { presentMessageEvent } from './chat.presenter';
import { unreadChatCounts, type ChatMemberCard } from './chat.queries';
import type { ChatMessageRow } from './chat.tables';

/**
 * Live copies of committed changes for the chat socket. The change is already committed when
 * these run, so a failure is logged and never fails the request.
 */

async function readUnread(ctx: ChatContext, senderId: number, recipientId: number) {
  const counts = await unreadChatCounts(ctx.db, [senderId, recipientId]);
  return { sender: counts.get(senderId) ?? 0, recipient: counts.get(recipientId) ?? 0 };
}

async function deliver(ctx: ChatContext, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    ctx.log.error({ err: error }, 'could not publish a live chat update');
  }
}

/**
 * The new message to both members (every open tab), each with their own unread count: `known`
 * when the send already read them, else read here.
 */
export function announceMessage(
  ctx: ChatContext,
  row: ChatMessageRow,
  sender: ChatMemberCard,
  recipient: ChatMemberCard,
  known?: { sender: number; recipient: number },
): Promise<void> {
  return deliver(ctx, async () => {
    const unread = known ?? (await readUnread(ctx, sender.id, recipient.id));
    await Promise.all([
      ctx.realtime.sendToUser(
        recipient.id,
        CHAT_SOCKET_PATH,
        presentMessageEvent(row, sender, sender, unread.recipient, ctx.storage),
      ),
      ctx.realtime.sendToUser(
        sender.id,
        CHAT_SOCKET_PATH,
        presentMessageEvent(row, sender, recipient, unread.sender, ctx.storage),
      ),
      ...[
        [recipient.id, unread.recipient],
        [sender.id, unread.sender],
      ].map(([id = 0, total = 0]) =>
        ctx.realtime.sendToUser(id, CHAT_SOCKET_PATH, { type: 'total_chat', total_chat: total }),
      ),
    ]);
  });
}

/** The member's new number of unread chats, to their every open tab. */
export function announceUnreadCount(
  ctx: ChatContext,
  memberId: number,
  unreadChats: number,
): Promise<void> {
  return deliver(ctx, () =>
    ctx.realtime.sendToUser(memberId, CHAT_SOCKET_PATH, {
      type: 'total_chat',
      total_chat: unreadChats,
    }),
  );
}
