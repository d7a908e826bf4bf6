import { and, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { blockExists, users } from '../users';
import { chatMembers, chats } from './chat.tables';

/** A database handle or an open transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export const CHAT_NOT_FOUND = 'This chat does not exist or you are not one of its members.';

/** What the chat needs to show of a member. */
export interface ChatMemberCard {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  avatarKey: string | null;
  deletedAt: Date | null;
}

/** The viewer's chat with the other member's card and the block between them. */
export interface Membership {
  chatId: number;
  lastMessageId: number | null;
  me: ChatMemberCard;
  other: ChatMemberCard;
  blockedByMe: boolean;
  blockedByOther: boolean;
  /** Newest message each member has read. */
  myLastRead: number;
  otherLastRead: number;
}

const me = alias(users, 'me');
const other = alias(users, 'other');
const myMember = alias(chatMembers, 'my_member');
const otherMember = alias(chatMembers, 'other_member');

const cardColumns = (table: typeof me | typeof other) => ({
  id: table.id,
  username: table.username,
  firstName: table.firstName,
  lastName: table.lastName,
  avatarKey: table.avatarKey,
  deletedAt: table.deletedAt,
});

/** SQL id of the member of `chats` who is not `viewerId`. */
export const otherMemberOf = (viewerId: number): SQL<number> =>
  sql<number>`case when ${chats.lowMemberId} = ${viewerId} then ${chats.highMemberId} else ${chats.lowMemberId} end`;

/** One query: the chat if the viewer is one of its two members, else a 404. */
export async function findMembership(
  db: Executor,
  chatId: number,
  viewerId: number,
): Promise<Membership> {
  const [row] = await db
    .select({
      chatId: chats.id,
      lastMessageId: chats.lastMessageId,
      me: cardColumns(me),
      other: cardColumns(other),
      blockedByMe: blockExists(sql`${viewerId}::bigint`, sql`${other.id}`),
      blockedByOther: blockExists(sql`${other.id}`, sql`${viewerId}::bigint`),
      myLastRead: myMember.lastReadMessageId,
      otherLastRead: otherMember.lastReadMessageId,
    })
    .from(chats)
    .innerJoin(me, eq(me.id, viewerId))
    .innerJoin(other, eq(other.id, otherMemberOf(viewerId)))
    .innerJoin(myMember, and(eq(myMember.chatId, chats.id), eq(myMember.userId, viewerId)))
    .innerJoin(otherMember, and(eq(otherMember.chatId, chats.id), eq(otherMember.userId, other.id)))
    .where(
      and(
        eq(chats.id, chatId),
        or(eq(chats.lowMemberId, viewerId), eq(chats.highMemberId, viewerId)),
      ),
    );
  if (!row) throw new AppError('not_found', CHAT_NOT_FOUND);
  return row;
}

/** A member's chats that hold messages they have not read; hidden chats do not count. */
export const unreadCondition = and(
  isNull(chatMembers.hiddenAt),
  gt(chats.lastMessageId, chatMembers.lastReadMessageId),
);

/** The number of chats with unread messages of each member, in one query. */
export async function unreadChatCounts(
  db: Executor,
  memberIds: number[],
): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: chatMembers.userId, count: sql<number>`count(*)::int` })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(and(inArray(chatMembers.userId, memberIds), unreadCondition))
    .groupBy(chatMembers.userId);
  const counts = new Map(memberIds.map((id) => [id, 0]));
  for (const row of rows) counts.set(row.userId, row.count);
  return counts;
}
