import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId, referenceId, timestampMs } from '../../platform/db/columns';
import { users } from '../users';

const member = (name: string) =>
  referenceId(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A one-to-one chat; the pair is stored lower id first, so it exists once. */
export const chats = pgTable(
  'chats',
  {
    id: identityId(),
    lowMemberId: member('low_member_id'),
    highMemberId: member('high_member_id'),
    /** Id of the newest message (messages ids only grow). */
    lastMessageId: referenceId('last_message_id'),
    lastMessageAt: timestampMs('last_message_at').notNull(),
    createdAt: timestampMs('created_at').notNull(),
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
    chatId: referenceId('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: member('user_id'),
    /** Newest message id this member has read; 0 before any. */
    lastReadMessageId: referenceId('last_read_message_id').notNull().default(0),
    /** Copy of the chat's, so a member's list is one index range. */
    lastMessageAt: timestampMs('last_message_at').notNull(),
    /** Set when the member deleted the chat; cleared by the next message. */
    hiddenAt: timestampMs('hidden_at'),
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
    id: identityId(),
    chatId: referenceId('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: member('sender_id'),
    content: text('content').notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (table) => [index('chat_messages_chat_idx').on(table.chatId, table.id)],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;
