import { REPORTS_TO_HIDE, type ReportModel, type ReportReason } from '@agora/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ContentCleaner } from '../../platform/content';
import { AppError, NON_FIELD_ERRORS } from '../../platform/errors';
import type { Viewer } from '../../platform/auth';
import type { ModerationContext } from './moderation.context';
import { reports, type ReportRow } from './moderation.tables';

export const REPORT_TARGET_GONE = 'This post does not exist or is no longer visible.';

export interface NewReport {
  model: ReportModel;
  id: number;
  reason: ReportReason;
  details: string;
}

/** The open reports of one object. */
export const openReportsOf = (model: ReportModel, id: number) =>
  and(eq(reports.model, model), eq(reports.objectId, id), eq(reports.status, 'open'));

/**
 * A member reports something they can see and did not write. The object's row is locked first,
 * so concurrent reports count one after another: the one that brings it to REPORTS_TO_HIDE open
 * reports hides it, in the same transaction.
 */
export async function createReport(
  ctx: ModerationContext,
  viewer: Viewer,
  input: NewReport,
): Promise<ReportRow> {
  return ctx.db.transaction(async (tx) => {
    const kind = ctx.content.kind(input.model);
    const target = await kind.findLive(tx, input.id, true);
    if (!target) throw new AppError('not_found', REPORT_TARGET_GONE);
    if (target.ownerId === viewer.id) {
      throw AppError.fields({ [NON_FIELD_ERRORS]: ['You cannot report your own post.'] });
    }
    const now = ctx.now();
    // The partial unique index allows one open report per member per object.
    const [report] = await tx
      .insert(reports)
      .values({
        reporterId: viewer.id,
        model: input.model,
        objectId: input.id,
        reason: input.reason,
        details: input.details,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!report) {
      throw AppError.fields({
        [NON_FIELD_ERRORS]: ['You have already reported this; our moderators will take a look.'],
      });
    }
    const open = await tx.$count(reports, openReportsOf(input.model, input.id));
    if (open >= REPORTS_TO_HIDE) await kind.hide(tx, input.id, now);
    return report;
  });
}

/**
 * A report outlives its object only while it is open: staff still learn that reported content
 * was deleted, and their decision removes the reports (`decide`). Closed ones go with it.
 */
export const cleanReports: ContentCleaner = async (tx, { kind, ids }) => {
  await tx
    .delete(reports)
    .where(
      and(
        sql`${reports.model} = ${kind.model}`,
        inArray(reports.objectId, ids),
        ne(reports.status, 'open'),
      ),
    );
};
