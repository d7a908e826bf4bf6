import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampMs } from '../db/columns';

/**
 * Stored objects named by their content (`files/ab/ab12….pdf`) and how many rows point at each
 * (a file, an avatar, a discussion's audio). An upload of bytes already stored adds a reference
 * instead of a copy; the object is deleted when its count reaches 0. A row left at 0 is an
 * object waiting to be deleted.
 */
export const storedObjects = pgTable('stored_objects', {
  key: text('key').primaryKey(),
  references: integer('reference_count').notNull(),
  createdAt: timestampMs('created_at').notNull().defaultNow(),
});
