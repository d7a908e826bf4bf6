import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identityId, referenceId, timestampMs } from '../../platform/db/columns';
import { users } from '../users';

const member = (name: string) =>
  referenceId(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * One notification for `recipientId`. Similar events on one target ("liked your discussion")
 * share a `groupKey` and gather into the recipient's one unviewed row; `actorId` is the latest.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: identityId(),
    recipientId: member('recipient_id'),
    actorId: member('actor_id'),
    /** 'commented' | 'replied' | 'liked' | 'voted' | 'mentioned'. */
    verb: text('verb').notNull(),
    appLabel: text('app_label').notNull(),
    /** What the target is: 'forum', 'comment', 'subcomment'. */
    model: text('model').notNull(),
    objectId: referenceId('object_id').notNull(),
    targetTitle: text('target_title').notNull(),
    targetUrl: text('target_url').notNull(),
    groupKey: text('group_key'),
    /** Distinct members gathered in this notification. */
    actorsCount: integer('actors_count').notNull().default(1),
    viewed: boolean('viewed').notNull().default(false),
    /** Of the latest event gathered here. */
    createdAt: timestampMs('created_at').notNull(),
  },
  (table) => [
    index('notifications_recipient_idx').on(table.recipientId, table.createdAt, table.id),
    index('notifications_unviewed_idx')
      .on(table.recipientId)
      .where(sql`${table.viewed} = false`),
    uniqueIndex('notifications_open_group_key')
      .on(table.recipientId, table.groupKey)
      .where(sql`${table.viewed} = false and ${table.groupKey} is not null`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** Who is gathered in a grouped notification, so one member counts once. */
export const notificationActors = pgTable(
  'notification_actors',
  {
    notificationId: referenceId('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    actorId: member('actor_id'),
  },
  (table) => [primaryKey({ columns: [table.notificationId, table.actorId] })],
);
