import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const member = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A one-to-one chat; the pair is stored lower id first, so it exists once. */
export const chats = pgTable(
  'chats',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    lowMemberId: member('low_member_id'),
    highMemberId: member('high_member_id'),
    /** Id of the newest message (messages ids only grow). */
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: at('last_message_at').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    check('chats_pair_order_check', sql`${table.lowMemberId} < ${table.highMemberId}`),
    uniqueIndex('chats_pair_key').on(table.lowMemberId, table.highMemberId),
  ],
);
export type ChatRow = typeof chats.$inferSelect;

/** Each member's own view of a chat: what they have read and whether they hid it. */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: bigint('chat_id', { mode: 'number' })
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: member('user_id'),
    /** Newest message id this member has read; 0 before any. */
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    /** Copy of the chat's, so a member's list is one index range. */
    lastMessageAt: at('last_message_at').notNull(),
    /** Set when the member deleted the chat; cleared by the next message. */
    hiddenAt: at('hidden_at'),
  },
  (table) => [
    primaryKey({ columns: [table.chatId, table.userId] }),
    index('chat_members_list_idx')
      .on(table.userId, table.lastMessageAt, table.chatId)
      .where(sql`${table.hiddenAt} is null`),
  ],
);
export type ChatMemberRow = typeof chatMembers.$inferSelect;

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chatId: bigint('chat_id', { mode: 'number' })
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: member('sender_id'),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('chat_messages_chat_idx').on(table.chatId, table.id)],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;
