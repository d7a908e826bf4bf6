import type { Viewer } from '../../platform/auth';
import {
  REPORT_REASON_LABELS,
  type ContentVisibility,
  type ModerationDecision,
  type ModerationDecisionKind,
  type PageQuery,
  type ReportedObject,
  type ReportModel,
} from '@agora/shared';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import { CONTENT_EVENTS, type ReviewedEvent } from '../../platform/content';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { fetchLimit, integerKey, keyset, type Page } from '../../platform/pagination';
import { findAuthors } from '../users';
import { recordStaffAction } from './audit.service';
import { summariseContent } from './content-summaries';
import type { ModerationContext } from './moderation.context';
import { reports, type ReportStatus } from './moderation.tables';
import { openReportsOf } from './reports.service';

/**
 * The review queue, oldest first. Each object's group is keyed by its first open report's id:
 * unique, and it only grows as reports are closed, so pages neither repeat nor skip a group.
 */
const longestWaiting = keyset({ firstReportId: integerKey(reports.id) }, 'asc');
const firstReportId = sql<number>`min(${reports.id})`.mapWith(Number);

/** Objects with open reports, grouped per object, with their reports; a fixed number of queries. */
export async function listReportedObjects(
  ctx: ModerationContext,
  page: PageQuery,
): Promise<Page<ReportedObject>> {
  const after = longestWaiting.decode(page.cursor);
  const groups = await ctx.db
    .select({
      model: reports.model,
      objectId: reports.objectId,
      firstReportId,
      openReports: count(),
      firstReportedAt: sql<Date>`min(${reports.createdAt})`.mapWith(reports.createdAt),
    })
    .from(reports)
    .where(eq(reports.status, 'open'))
    .groupBy(reports.model, reports.objectId)
    .having(after ? sql`min(${reports.id}) > ${after.firstReportId}` : undefined)
    .orderBy(asc(firstReportId))
    .limit(fetchLimit(page.limit));
  const { rows, next } = longestWaiting.page(groups, page.limit, (group) => group);
  if (rows.length === 0) return { rows: [], next };

  const entries = await ctx.db
    .select({
      model: reports.model,
      objectId: reports.objectId,
      reason: reports.reason,
      details: reports.details,
      reporterId: reports.reporterId,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(
      and(
        eq(reports.status, 'open'),
        or(
          ...rows.map((group) =>
            and(eq(reports.model, group.model), eq(reports.objectId, group.objectId)),
          ),
        ),
      ),
    )
    .orderBy(asc(reports.id));
  const [summaryOf, reporters] = await Promise.all([
    summariseContent(
      ctx,
      rows.map((group) => ({ model: group.model, id: group.objectId })),
    ),
    findAuthors(
      ctx.db,
      ctx.storage,
      entries.map((entry) => entry.reporterId),
    ),
  ]);

  return {
    rows: rows.map((group) => {
      const summary = summaryOf({ model: group.model, id: group.objectId });
      return {
        model: group.model,
        id: group.objectId,
        ...summary,
        openReports: group.openReports,
        reports: entries
          .filter((entry) => entry.model === group.model && entry.objectId === group.objectId)
          .map((entry) => ({
            reason: entry.reason,
            details: entry.details,
            reporter: reporters.get(entry.reporterId) ?? {
              id: entry.reporterId,
              username: '',
              avatar: null,
            },
            createdAt: entry.createdAt.toISOString(),
          })),
        firstReportedAt: group.firstReportedAt.toISOString(),
      };
    }),
    next,
  };
}

const CLOSED_AS: Record<ModerationDecisionKind, ReportStatus> = {
  dismiss: 'dismissed',
  hide: 'hidden',
};

/** What the audit log keeps of an object: its title, excerpt, author and place, as they are now. */
async function describe(ctx: ModerationContext, tx: Database, model: ReportModel, id: number) {
  const summary = (await ctx.content.kind(model).summarise(tx, [id])).get(id);
  if (!summary) return { summary: 'Deleted content', memberId: null, url: null, ref: null };
  const excerpt = summary.text.replace(/\s+/g, ' ').trim().slice(0, 200);
  return {
    summary: summary.title && summary.title !== excerpt ? `${summary.title}: ${excerpt}` : excerpt,
    title: summary.title,
    memberId: summary.authorId,
    url: ctx.content.path(summary.ref),
    ref: summary.ref,
  };
}

/**
 * Staff decide about a reported object: `dismiss` closes its open reports and shows it again
 * if they had hidden it; `hide` closes them and keeps it hidden from everyone but its author
 * and staff. A 404 when it has no open reports (another moderator may have decided already).
 * One audit entry; each reporter is told the outcome (a notification).
 */
export async function decide(
  ctx: ModerationContext,
  staff: Viewer,
  target: { model: ReportModel; id: number },
  decision: ModerationDecisionKind,
): Promise<ModerationDecision> {
  const now = ctx.now();
  return ctx.events.transaction(async (tx, events) => {
    // The object first, as reporting locks it: the two never wait on each other in a cycle.
    const kind = ctx.content.kind(target.model);
    const before = await kind.lockState(tx, target.id);
    const closed = await tx
      .update(reports)
      .set({ status: CLOSED_AS[decision], resolvedAt: now, resolvedById: staff.id })
      .where(openReportsOf(target.model, target.id))
      .returning({ id: reports.id, reporterId: reports.reporterId, reason: reports.reason });
    if (closed.length === 0) {
      throw new AppError(
        'not_found',
        'There are no open reports about this post; another moderator may have decided already.',
      );
    }
    const described = await describe(ctx, tx, target.model, target.id);
    // Reports outlive their object only until staff have seen them.
    if (before === 'deleted')
      await tx.delete(reports).where(
        inArray(
          reports.id,
          closed.map((r) => r.id),
        ),
      );
    let state = before;
    if (decision === 'dismiss' && before === 'hidden') {
      await kind.restore(tx, target.id);
      state = 'visible';
    } else if (decision === 'hide' && before === 'visible') {
      await kind.hide(tx, target.id, now);
      state = 'hidden';
    }
    await recordStaffAction(tx, {
      actorId: staff.id,
      action: decision === 'hide' ? 'reports_upheld' : 'reports_dismissed',
      memberId: described.memberId,
      model: target.model,
      objectId: target.id,
      summary: described.summary,
      url: described.url,
      details: `${closed.length} report${closed.length === 1 ? '' : 's'}: ${[
        ...new Set(closed.map((report) => REPORT_REASON_LABELS[report.reason].toLowerCase())),
      ].join(', ')}`,
      at: now,
    });
    // Gone already (its author deleted it): nothing the reporter could look at.
    if (described.ref && before !== 'deleted') {
      events.add(CONTENT_EVENTS.reviewed, {
        reporterIds: [...new Set(closed.map((report) => report.reporterId))],
        target: described.ref,
        title: described.title ?? '',
        outcome: decision === 'hide' ? 'hidden' : 'dismissed',
      } satisfies ReviewedEvent);
    }
    return { ...target, decision, closedReports: closed.length, state };
  });
}

/**
 * Staff hide content, or show hidden content again, whether or not it was reported; open
 * reports stay open for the queue. A 404 for content that does not exist. One audit entry
 * when the state changed; none when it already was so.
 */
export async function setContentState(
  ctx: ModerationContext,
  staff: Viewer,
  target: { model: ReportModel; id: number },
  wanted: 'hidden' | 'visible',
  reason: string,
): Promise<ContentVisibility> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const kind = ctx.content.kind(target.model);
    const before = await kind.lockState(tx, target.id);
    if (before === 'deleted') throw new AppError('not_found');
    if (before === wanted) return { ...target, state: wanted };
    if (wanted === 'hidden') await kind.hide(tx, target.id, now);
    else await kind.restore(tx, target.id);
    const described = await describe(ctx, tx, target.model, target.id);
    await recordStaffAction(tx, {
      actorId: staff.id,
      action: wanted === 'hidden' ? 'content_hidden' : 'content_restored',
      memberId: described.memberId,
      model: target.model,
      objectId: target.id,
      summary: described.summary,
      url: described.url,
      reason,
      at: now,
    });
    return { ...target, state: wanted };
  });
}
