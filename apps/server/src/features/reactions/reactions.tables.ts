import { and, eq, type Placeholder, type SQL } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../users';

/** A member's mark on an object of some `model`: at most one per member per object. */
function memberMarks(name: string) {
  return pgTable(
    name,
    {
      id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
      userId: bigint('user_id', { mode: 'number' })
        .notNull()
        .references(() => users.id),
      model: text('model').notNull(),
      objectId: bigint('object_id', { mode: 'number' }).notNull(),
      createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    },
    (table) => [
      uniqueIndex(`${name}_member_object_key`).on(table.userId, table.model, table.objectId),
      index(`${name}_object_idx`).on(table.model, table.objectId),
    ],
  );
}

/** Likes of any kind of content, under the kind's mark model (replies are liked as 'comment'). */
export const likes = memberMarks('likes');

/** Bookmarks of any kind of content. */
export const bookmarks = memberMarks('bookmarks');

export type Marks = typeof likes | typeof bookmarks;

/**
 * One member's mark on one object (an id, or the outer row's column in a join; the member
 * likewise): the (member, model, object) unique index makes it match at most one row.
 */
export const markOf = (
  marks: Marks,
  memberId: number | Placeholder | SQL,
  model: string,
  objectId: number | AnyPgColumn,
) => and(eq(marks.userId, memberId), eq(marks.model, model), eq(marks.objectId, objectId));
