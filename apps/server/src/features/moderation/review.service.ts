import type { Viewer } from '../../platform/auth';
import type {
  ModerationDecision,
  ModerationDecisionKind,
  PageQuery,
  ReportedObject,
  ReportModel,
} from '@agora/shared';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import { fetchLimit, integerKey, keyset, type Page } from '../../platform/pagination';
import { findAuthors } from '../users';
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

/**
 * Staff decide about a reported object: `dismiss` closes its open reports and shows it again
 * if they had hidden it; `hide` closes them and keeps it hidden from everyone but its author
 * and staff. A 404 when it has no open reports (another moderator may have decided already).
 */
export async function decide(
  ctx: ModerationContext,
  staff: Viewer,
  target: { model: ReportModel; id: number },
  decision: ModerationDecisionKind,
): Promise<ModerationDecision> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // The object first, as reporting locks it: the two never wait on each other in a cycle.
    const kind = ctx.content.kind(target.model);
    const before = await kind.lockState(tx, target.id);
    const closed = await tx
      .update(reports)
      .set({ status: CLOSED_AS[decision], resolvedAt: now, resolvedById: staff.id })
      .where(openReportsOf(target.model, target.id))
      .returning({ id: reports.id });
    if (closed.length === 0) {
      throw new AppError(
        'not_found',
        'There are no open reports about this post; another moderator may have decided already.',
      );
    }
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
    return { ...target, decision, closedReports: closed.length, state };
  });
}
