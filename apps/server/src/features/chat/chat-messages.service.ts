import type { ChatPageQuery } from '@agora/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import { fetchLimit, integerKey, keyset, type Page } from '../../platform/pagination';
import { blockExists, users } from '../users';
import type { ChatContext } from './chat.context';
import { insertMessageIfAllowed } from './chat-send.query';
import { announceMessage, announceUnreadCount } from './chat.live';
import {
  findMembership,
  unreadChatCounts,
  type ChatMemberCard,
  type Executor,
  type Membership,
} from './chat.queries';
import { chatMembers, chatMessages, chats, type ChatMessageRow } from './chat.tables';

/** Message ids only grow, so the id alone orders a conversation. */
const newestFirst = keyset({ id: integerKey(chatMessages.id) });

/** A message with what its API shape needs. */
export interface MessageView {
  row: ChatMessageRow;
  sender: ChatMemberCard;
  /** The recipient has read it. */
  read: boolean;
}

const YOU_BLOCKED = 'You have blocked this member; unblock them to send messages.';
const THEY_BLOCKED = 'This member does not accept messages from you.';
const MEMBER_LEFT = 'This member has left Agora; messages can no longer be sent to them.';

function assertCanSend(blockedByMe: boolean, blockedByOther: boolean, other: ChatMemberCard) {
  if (other.deletedAt) throw new AppError('forbidden', MEMBER_LEFT);
  if (blockedByMe) throw new AppError('forbidden', YOU_BLOCKED);
  if (blockedByOther) throw new AppError('forbidden', THEY_BLOCKED);
}

/**
 * Stores a message and moves the chat to the top for both members; the chat reappears for a
 * member who had deleted it, and the sender has read everything up to their own message.
 * `greatest` keeps concurrent sends from moving the newest message id backwards.
 */
async function appendMessage(
  tx: Executor,
  chatId: number,
  senderId: number,
  content: string,
  now: Date,
): Promise<ChatMessageRow> {
  const [row] = await tx
    .insert(chatMessages)
    .values({ chatId, senderId, content, createdAt: now })
    .returning();
  if (!row) throw new Error('insert returned no message');
  await tx
    .update(chats)
    .set({
      lastMessageId: sql`greatest(coalesce(${chats.lastMessageId}, 0), ${row.id})`,
      lastMessageAt: sql`greatest(${chats.lastMessageAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(chats.id, chatId));
  await tx
    .update(chatMembers)
    .set({
      lastMessageAt: sql`greatest(${chatMembers.lastMessageAt}, ${now.toISOString()}::timestamptz)`,
      hiddenAt: null,
      lastReadMessageId: sql`case when ${chatMembers.userId} = ${senderId} then greatest(${chatMembers.lastReadMessageId}, ${row.id}) else ${chatMembers.lastReadMessageId} end`,
    })
    .where(eq(chatMembers.chatId, chatId));
  return row;
}

/** The viewer sends a message in one of their chats. */
export async function sendMessage(
  ctx: ChatContext,
  viewerId: number,
  chatId: number,
  content: string,
): Promise<MessageView> {
  const sent = await insertMessageIfAllowed(ctx.db, chatId, viewerId, content, ctx.now());
  if (!sent) {
    // Refused: say why (not a member: 404; a block or a departed member: 403).
    const membership = await findMembership(ctx.db, chatId, viewerId);
    assertCanSend(membership.blockedByMe, membership.blockedByOther, membership.other);
    throw new AppError('conflict', 'The chat changed while your message was sent; send it again.');
  }
  await announceMessage(ctx, sent.row, sent.me, sent.other, {
    sender: sent.unread.me,
    recipient: sent.unread.other,
  });
  return { row: sent.row, sender: sent.me, read: false };
}

const memberError = (message: string) => AppError.fields({ member: [message] });

/** The viewer writes to `memberId`: in their existing chat, or in a new one. Returns the chat id. */
export async function startChat(
  ctx: ChatContext,
  viewerId: number,
  input: { member: number; newmessage: string },
): Promise<number> {
  if (input.member === viewerId)
    throw memberError('Choose another member; you cannot chat with yourself.');
  const now = ctx.now();
  const [low, high] = viewerId < input.member ? [viewerId, input.member] : [input.member, viewerId];
  const { row, me, other } = await ctx.db.transaction(async (tx) => {
    const cards = await tx
      .select({
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        avatarKey: users.avatarKey,
        deletedAt: users.deletedAt,
        blockedByMe: blockExists(sql`${viewerId}::bigint`, sql`${input.member}::bigint`),
        blockedByOther: blockExists(sql`${input.member}::bigint`, sql`${viewerId}::bigint`),
      })
      .from(users)
      .where(inArray(users.id, [viewerId, input.member]));
    const me = cards.find((card) => card.id === viewerId);
    const other = cards.find((card) => card.id === input.member);
    if (!me) throw new AppError('unauthenticated');
    if (!other || other.deletedAt)
      throw memberError('This member does not exist or has left Agora.');
    assertCanSend(other.blockedByMe, other.blockedByOther, other);

    await tx
      .insert(chats)
      .values({ lowMemberId: low, highMemberId: high, lastMessageAt: now, createdAt: now })
      .onConflictDoNothing({ target: [chats.lowMemberId, chats.highMemberId] });
    const [chat] = await tx
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.lowMemberId, low), eq(chats.highMemberId, high)));
    if (!chat) throw new Error('chat of the pair vanished');
    await tx
      .insert(chatMembers)
      .values([low, high].map((userId) => ({ chatId: chat.id, userId, lastMessageAt: now })))
      .onConflictDoNothing();
    const row = await appendMessage(tx, chat.id, viewerId, input.newmessage, now);
    return { row, me, other };
  });
  await announceMessage(ctx, row, me, other);
  return row.chatId;
}

/** A chat's messages, newest first; only its two members may read them, blocked or not. */
export async function listMessages(
  ctx: ChatContext,
  viewerId: number,
  chatId: number,
  query: ChatPageQuery,
): Promise<Page<MessageView>> {
  const membership = await findMembership(ctx.db, chatId, viewerId);
  const rows = await ctx.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), newestFirst.afterCursor(query.cursor)))
    .orderBy(...newestFirst.orderBy)
    .limit(fetchLimit(query.limit));
  const page = newestFirst.page(rows, query.limit, (row) => ({ id: row.id }));
  return { rows: page.rows.map((row) => messageView(membership, row)), next: page.next };
}

function messageView(membership: Membership, row: ChatMessageRow): MessageView {
  const mine = row.senderId === membership.me.id;
  return {
    row,
    sender: mine ? membership.me : membership.other,
    read: (mine ? membership.otherLastRead : membership.myLastRead) >= row.id,
  };
}

/** The viewer has read every message of the chat. Returns their number of unread chats. */
export async function markChatRead(
  ctx: ChatContext,
  viewerId: number,
  chatId: number,
): Promise<number> {
  await findMembership(ctx.db, chatId, viewerId);
  await ctx.db
    .update(chatMembers)
    .set({
      lastReadMessageId: sql`greatest(${chatMembers.lastReadMessageId}, coalesce((select ${chats.lastMessageId} from ${chats} where ${chats.id} = ${chatId}), 0))`,
    })
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, viewerId)));
  return unreadChanged(ctx, viewerId);
}

/**
 * Removes the chat from the viewer's list until the next message; what it held counts as read,
 * so only newer messages make it unread again. Returns their number of unread chats.
 */
export async function hideChat(
  ctx: ChatContext,
  viewerId: number,
  chatId: number,
): Promise<number> {
  await findMembership(ctx.db, chatId, viewerId);
  await ctx.db
    .update(chatMembers)
    .set({
      hiddenAt: ctx.now(),
      lastReadMessageId: sql`greatest(${chatMembers.lastReadMessageId}, coalesce((select ${chats.lastMessageId} from ${chats} where ${chats.id} = ${chatId}), 0))`,
    })
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, viewerId)));
  return unreadChanged(ctx, viewerId);
}

async function unreadChanged(ctx: ChatContext, viewerId: number): Promise<number> {
  const count = (await unreadChatCounts(ctx.db, [viewerId])).get(viewerId) ?? 0;
  await announceUnreadCount(ctx, viewerId, count);
  return count;
}
