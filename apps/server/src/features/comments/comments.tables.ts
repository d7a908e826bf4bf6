import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from '../users';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const ref = (name: string) => bigint(name, { mode: 'number' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Comments on any kind of content, `(model, object_id)` naming what they are on: top-level
 * comments have no parent; replies (sub-comments) have a top-level parent. The host's
 * registered kind counts them and cleans them up when the host is deleted.
 */
export const comments = pgTable(
  'comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The host's model ('forum'). */
    model: text('model').notNull(),
    objectId: ref('object_id').notNull(),
    parentId: ref('parent_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    authorId: ref('author_id')
      .notNull()
      .references(() => users.id),
    /** Emptied when deleted. */
    content: text('content').notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    /** Replies not deleted. */
    repliesCount: integer('replies_count').notNull().default(0),
    deletedAt: at('deleted_at'),
    /** Set while reports or staff hide the comment. */
    hiddenAt: at('hidden_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    editedAt: at('edited_at'),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('english', ${comments.content})`),
  },
  (table) => [
    index('comments_search_idx').using('gin', table.searchVector),
    index('comments_host_idx')
      .on(table.model, table.objectId, table.createdAt, table.id)
      .where(sql`${table.parentId} is null`),
    index('comments_parent_idx').on(table.parentId, table.createdAt, table.id),
    index('comments_author_idx').on(table.authorId, table.model, table.objectId),
  ],
);
const { searchVector: _commentSearch, ...commentColumns } = getTableColumns(comments);
export { commentColumns };
export type CommentRow = Omit<typeof comments.$inferSelect, 'searchVector'>;
