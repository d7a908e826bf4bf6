import { CHAT_SOCKET_PATH } from '@agora/shared';
import type { ChatContext } from './chat.context';
import { presentMessageEvent } from './chat.presenter';
import { unreadChatCounts, type ChatMemberCard } from './chat.queries';
import type { ChatMessageRow } from './chat.tables';

/**
 * Live copies of committed changes for the chat socket. The change is already committed when
 * these run, so a failure is logged and never fails the request.
 */

async function deliver(ctx: ChatContext, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    ctx.log.error({ err: error }, 'could not publish a live chat update');
  }
}

/** The new message to both members (every open tab), each with their own unread count. */
export function announceMessage(
  ctx: ChatContext,
  row: ChatMessageRow,
  sender: ChatMemberCard,
  recipient: ChatMemberCard,
): Promise<void> {
  return deliver(ctx, async () => {
    const counts = await unreadChatCounts(ctx.db, [sender.id, recipient.id]);
    const unread = (id: number) => counts.get(id) ?? 0;
    await Promise.all([
      ctx.realtime.sendToUser(
        recipient.id,
        CHAT_SOCKET_PATH,
        presentMessageEvent(row, sender, sender, unread(recipient.id), ctx.storage),
      ),
      ctx.realtime.sendToUser(
        sender.id,
        CHAT_SOCKET_PATH,
        presentMessageEvent(row, sender, recipient, unread(sender.id), ctx.storage),
      ),
      ...[recipient.id, sender.id].map((id) =>
        ctx.realtime.sendToUser(id, CHAT_SOCKET_PATH, {
          type: 'total_chat',
          total_chat: unread(id),
        }),
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
