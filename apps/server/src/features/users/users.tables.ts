import type { MemberRole } from '@agora/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identityId, referenceId } from '../../platform/db/columns';

export const users = pgTable(
  'users',
  {
    id: identityId(),
    username: text('username').notNull(),
    /** Null once the account is deleted (its address is free again). */
    email: text('email'),
    /** Null for accounts that only sign in through Google, Apple or Facebook. */
    passwordHash: text('password_hash'),
    /** 'member' | 'moderator' | 'admin' (STAFF_ROLES): staff are the last two. */
    role: text('role').$type<MemberRole>().notNull().default('member'),
    /** Until when the member may read but not post, comment, chat, upload or change their profile; the reason is shown to them. */
    silencedUntil: timestamp('silenced_until', { withTimezone: true }),
    silenceReason: text('silence_reason'),
    /** Until when the member may not sign in. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspendReason: text('suspend_reason'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    bio: text('bio').notNull().default(''),
    /** Storage key of the 256×256 WebP avatar. */
    avatarKey: text('avatar_key'),
    country: text('country'),
    emailVerified: boolean('email_verified').notNull().default(false),
    isTwoFaOn: boolean('is_two_fa_on').notNull().default(false),
    notificationsOn: boolean('notifications_on').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Set when the member deleted the account; the row stays so their content keeps an author. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  // Case-insensitive: "Alice" and "alice" are the same member, as are their e-mail addresses.
  (table) => [
    check('users_role_check', sql`${table.role} in ('member', 'moderator', 'admin')`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    // Member search: prefix and fuzzy (pg_trgm) matches on the username and the full name.
    index('users_username_trgm_idx').using('gin', sql`lower(${table.username}) gin_trgm_ops`),
    index('users_name_trgm_idx').using(
      'gin',
      sql`lower(${table.firstName} || ' ' || ${table.lastName}) gin_trgm_ops`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** Usernames freed by a deleted account: nobody may take them until `until`. */
export const reservedUsernames = pgTable('reserved_usernames', {
  /** Lower-cased. */
  username: text('username').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

/** `blockerId` blocked `blockedId`: while either blocks the other, no message or notification crosses. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: referenceId('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: referenceId('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('user_blocks_blocked_idx').on(table.blockedId, table.blockerId),
  ],
);
