import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { identityId, referenceId, timestampMs } from '../../platform/db/columns';
import { users } from '../users';

const userId = () =>
  referenceId('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** One signed-in device: its refresh token rotates, its row says whether it still counts. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: userId(),
    /** jti of the only refresh token of this session that may still be used. */
    refreshJti: text('refresh_jti').notNull(),
    keepMeLoggedIn: boolean('keep_me_logged_in').notNull().default(false),
    device: text('device').notNull().default(''),
    browser: text('browser').notNull().default(''),
    os: text('os').notNull().default(''),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestampMs('created_at').notNull(),
    lastSeenAt: timestampMs('last_seen_at').notNull(),
    expiresAt: timestampMs('expires_at').notNull(),
    revokedAt: timestampMs('revoked_at'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId, table.createdAt)],
);

export type SessionRow = typeof sessions.$inferSelect;

export const TOKEN_PURPOSES = ['verify_email', 'reset_password', 'two_factor'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** Mailed single-use links. Only the SHA-256 of the token is kept. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: identityId(),
    purpose: text('purpose').$type<TokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: userId(),
    /** What the link carries besides the member, e.g. `{keepMeLoggedIn}` for two-factor. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    createdAt: timestampMs('created_at').notNull(),
    expiresAt: timestampMs('expires_at').notNull(),
    usedAt: timestampMs('used_at'),
  },
  (table) => [
    index('one_time_tokens_user_id_idx').on(table.userId),
    check(
      'one_time_tokens_purpose_check',
      sql`${table.purpose} in ('verify_email', 'reset_password', 'two_factor')`,
    ),
  ],
);

/** A Google, Apple or Facebook identity linked to a member. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: identityId(),
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: userId(),
    createdAt: timestampMs('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('social_accounts_provider_user_key').on(table.provider, table.providerUserId),
    index('social_accounts_user_id_idx').on(table.userId),
  ],
);

/** Failed password logins, counted per account across every instance. */
/**
 * Failed password logins, counted per account; a name that matches no account is counted by the
 * name itself, so it locks exactly as an account does and the lock tells nobody which exists.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: identityId(),
    userId: referenceId('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The lower-cased name or address typed, when it is nobody's. */
    unknownLogin: text('unknown_login'),
    at: timestampMs('at').notNull(),
  },
  (table) => [
    index('login_failures_user_id_at_idx').on(table.userId, table.at),
    index('login_failures_unknown_login_at_idx').on(table.unknownLogin, table.at),
    index('login_failures_at_idx').on(table.at),
    check('login_failures_one_subject', sql`(user_id is null) <> (unknown_login is null)`),
  ],
);
