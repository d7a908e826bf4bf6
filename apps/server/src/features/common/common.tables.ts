import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users';

/** Content staff chose to feature; `model` is a common model name ('forum' today). */
export const featuredPosts = pgTable(
  'featured_posts',
  {
    model: text('model').notNull(),
    objectId: bigint('object_id', { mode: 'number' }).notNull(),
    featuredById: bigint('featured_by_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.objectId] }),
    index('featured_posts_model_created_idx').on(table.model, sql`${table.createdAt} desc`),
  ],
);
