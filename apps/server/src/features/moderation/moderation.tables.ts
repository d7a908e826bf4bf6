import type { ReportModel, ReportReason, StaffAction } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId, referenceId, timestampMs } from '../../platform/db/columns';
import { users } from '../users';

export const REPORT_STATUSES = ['open', 'dismissed', 'hidden'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * A member's report of a discussion, comment or reply. Open until staff decide: `dismissed`
 * (the object stays or comes back) or `hidden` (the object stays hidden).
 */
export const reports = pgTable(
  'reports',
  {
    id: identityId(),
    reporterId: referenceId('reporter_id')
      .notNull()
      .references(() => users.id),
    /** 'forum' | 'comment' | 'subcomment'. */
    model: text('model').$type<ReportModel>().notNull(),
    objectId: referenceId('object_id').notNull(),
    /** 'spam' | 'abuse' | 'off-topic' | 'other'. */
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details').notNull().default(''),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    createdAt: timestampMs('created_at').notNull(),
    resolvedAt: timestampMs('resolved_at'),
    resolvedById: referenceId('resolved_by_id').references(() => users.id),
  },
  (table) => [
    check('reports_status_check', sql`${table.status} in ('open', 'dismissed', 'hidden')`),
    // One open report per member per object.
    uniqueIndex('reports_open_member_object_key')
      .on(table.reporterId, table.model, table.objectId)
      .where(sql`${table.status} = 'open'`),
    index('reports_open_object_idx')
      .on(table.model, table.objectId)
      .where(sql`${table.status} = 'open'`),
    index('reports_status_created_idx').on(table.status, table.createdAt, table.id),
  ],
);
export type ReportRow = typeof reports.$inferSelect;

/**
 * The audit log: one row per staff action (who, what, on which member or object, why, when).
 * Append-only: a trigger (migration 0014) refuses to update or delete its rows. Targets are
 * described as they were (`summary`, `url`), so an entry stays readable after its object goes.
 */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: identityId(),
    /** Null when the server's operator acted from the command line (`npm run admin`). */
    actorId: referenceId('actor_id').references(() => users.id),
    action: text('action').$type<StaffAction>().notNull(),
    /** The member acted on, or the author of the content acted on. */
    memberId: referenceId('member_id').references(() => users.id),
    model: text('model'),
    objectId: referenceId('object_id'),
    summary: text('summary').notNull(),
    url: text('url'),
    reason: text('reason').notNull().default(''),
    details: text('details').notNull().default(''),
    createdAt: timestampMs('created_at').notNull(),
  },
  (table) => [index('staff_actions_member_idx').on(table.memberId, table.id)],
);
export type StaffActionRow = typeof staffActions.$inferSelect;
