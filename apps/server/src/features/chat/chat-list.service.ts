import type { ChatPageQuery, UserChat } from '@agora/shared';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../platform/errors';
import { fetchLimit, integerKey, keyset, type Page, timestampKey } from '../../platform/pagination';
import { blockExists, users } from '../users';
import type { ChatContext } from './chat.context';
import type { ChatEntryView } from './chat.presenter';
import { CHAT_NOT_FOUND, otherMemberOf, unreadChatCounts } from './chat.queries';
import { chatMembers, chatMessages, chats } from './chat.tables';

/** The member's list: the chat with the newest message first. */
const newestFirst = keyset({
  lastMessageAt: timestampKey(chatMembers.lastMessageAt),
  chatId: integerKey(chatMembers.chatId),
});

const other = alias(users, 'other');
const last = alias(chatMessages, 'last_message');

/** `%`, `_` and `\` match themselves in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One query: the viewer's chat entries matching `where`, newest message first. */
async function selectEntries(
  ctx: ChatContext,
  viewerId: number,
  where: (SQL | undefined)[],
  limit: number,
): Promise<(ChatEntryView & { lastMessageAt: Date })[]> {
  const rows = await ctx.db
    .select({
      chatId: chatMembers.chatId,
      lastMessageAt: chatMembers.lastMessageAt,
      viewed: sql<boolean>`${chatMembers.lastReadMessageId} >= ${chats.lastMessageId}`,
      content: last.content,
      createdAt: last.createdAt,
      senderId: last.senderId,
      other: {
        id: other.id,
        username: other.username,
        firstName: other.firstName,
        lastName: other.lastName,
        avatarKey: other.avatarKey,
        deletedAt: other.deletedAt,
      },
      blockedByMe: blockExists(sql`${viewerId}::bigint`, sql`${other.id}`),
      blockedByOther: blockExists(sql`${other.id}`, sql`${viewerId}::bigint`),
    })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .innerJoin(other, eq(other.id, otherMemberOf(viewerId)))
    .innerJoin(last, eq(last.id, chats.lastMessageId))
    .where(and(eq(chatMembers.userId, viewerId), ...where))
    .orderBy(...newestFirst.orderBy)
    .limit(limit);
  return rows.map((row) => ({
    chatId: row.chatId,
    lastMessageAt: row.lastMessageAt,
    lastMessage: { content: row.content, createdAt: row.createdAt, senderId: row.senderId },
    other: row.other,
    blockedByMe: row.blockedByMe,
    blockedByOther: row.blockedByOther,
    viewed: row.viewed,
  }));
}

/** The viewer's chats (not the ones they deleted), newest message first; `q` filters by the other member's name. */
export async function listChats(
  ctx: ChatContext,
  viewerId: number,
  query: ChatPageQuery & { q?: string },
): Promise<Page<ChatEntryView>> {
  const search = query.q
    ? or(
        sql`lower(${other.username}) like ${likePattern(query.q.toLowerCase())}`,
        sql`lower(${other.firstName} || ' ' || ${other.lastName}) like ${likePattern(query.q.toLowerCase())}`,
      )
    : undefined;
  const rows = await selectEntries(
    ctx,
    viewerId,
    [isNull(chatMembers.hiddenAt), newestFirst.afterCursor(query.cursor), search],
    fetchLimit(query.limit),
  );
  return newestFirst.page(rows, query.limit, (row) => ({
    lastMessageAt: row.lastMessageAt,
    chatId: row.chatId,
  }));
}

/** One chat as the viewer's list shows it, hidden or not; a 404 for anyone else. */
export async function findChatEntry(
  ctx: ChatContext,
  viewerId: number,
  chatId: number,
): Promise<ChatEntryView> {
  const [entry] = await selectEntries(ctx, viewerId, [eq(chatMembers.chatId, chatId)], 1);
  if (!entry) throw new AppError('not_found', CHAT_NOT_FOUND);
  return entry;
}

/** How many of the viewer's chats hold messages they have not read. */
export async function countUnreadChats(ctx: ChatContext, viewerId: number): Promise<number> {
  const counts = await unreadChatCounts(ctx.db, [viewerId]);
  return counts.get(viewerId) ?? 0;
}

/**
 * The viewer's chat with `memberId` (deleted or not; null while they have none) and the block
 * between them, in one query; a 404 only when no such member ever existed.
 */
export async function findChatWith(
  ctx: ChatContext,
  viewerId: number,
  memberId: number,
): Promise<UserChat> {
  const [low, high] = viewerId < memberId ? [viewerId, memberId] : [memberId, viewerId];
  const [row] = await ctx.db
    .select({
      chatId: chats.id,
      blockedByMe: blockExists(sql`${viewerId}::bigint`, sql`${memberId}::bigint`),
      blockedByOther: blockExists(sql`${memberId}::bigint`, sql`${viewerId}::bigint`),
    })
    .from(users)
    .leftJoin(chats, and(eq(chats.lowMemberId, low), eq(chats.highMemberId, high)))
    .where(eq(users.id, memberId));
  if (!row) throw new AppError('not_found', 'No member has this id.');
  return {
    chatId: row.chatId,
    blockedByMe: row.blockedByMe ? 'True' : 'False',
    isBlocked: row.blockedByMe || row.blockedByOther ? 'True' : 'False',
  };
}
