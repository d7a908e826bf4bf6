import { pgTable, text } from 'drizzle-orm/pg-core';
import { identityId, referenceId, timestampMs } from '../../platform/db/columns';
import { users } from '../users';

/**
 * A Contact us message, kept for staff to read (newest first by id) whether or not it was also
 * mailed. Anyone may send one: `sender_id` is the member who was signed in, else null; the
 * message stays if that member's account goes.
 */
export const contactMessages = pgTable('contact_messages', {
  id: identityId(),
  senderId: referenceId('sender_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: timestampMs('created_at').notNull(),
});
export type ContactMessageRow = typeof contactMessages.$inferSelect;
