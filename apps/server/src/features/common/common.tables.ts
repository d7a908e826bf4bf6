import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { referenceId, timestampMs } from '../../platform/db/columns';
import { users } from '../users';

/** Content staff chose to feature; `model` is a common model name ('forum' today). */
export const featuredPosts = pgTable(
  'featured_posts',
  {
    model: text('model').notNull(),
    objectId: referenceId('object_id').notNull(),
    featuredById: referenceId('featured_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestampMs('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.objectId] }),
    index('featured_posts_model_created_idx').on(table.model, sql`${table.createdAt} desc`),
  ],
);
