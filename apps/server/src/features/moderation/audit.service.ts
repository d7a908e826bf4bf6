import type { AuditEntry, AuditQuery, StaffAction } from '@agora/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { fetchLimit, integerKey, keyset, type Page } from '../../platform/pagination';
import { findAuthors, findUserIdByUsername } from '../users';
import type { ModerationContext } from './moderation.context';
import { staffActions } from './moderation.tables';

export interface StaffActionInput {
  /** Null for the server's operator (`npm run admin`). */
  actorId: number | null;
  action: StaffAction;
  memberId?: number | null;
  model?: string | null;
  objectId?: number | null;
  summary: string;
  url?: string | null;
  reason?: string;
  details?: string;
  at: Date;
}

/** Writes one audit entry; call it in the transaction of the change it records. */
export async function recordStaffAction(db: Database, entry: StaffActionInput): Promise<void> {
  await db.insert(staffActions).values({
    actorId: entry.actorId,
    action: entry.action,
    memberId: entry.memberId ?? null,
    model: entry.model ?? null,
    objectId: entry.objectId ?? null,
    summary: entry.summary,
    url: entry.url || null,
    reason: entry.reason ?? '',
    details: entry.details ?? '',
    createdAt: entry.at,
  });
}

const newestFirst = keyset({ id: integerKey(staffActions.id) }, 'desc');

const GONE = (id: number) => ({ id, username: '', avatar: null });

/** The audit log, newest first; `member` keeps the entries about that member. */
export async function listStaffActions(
  ctx: ModerationContext,
  query: AuditQuery,
): Promise<Page<AuditEntry>> {
  let memberId: number | undefined;
  if (query.member) {
    memberId = await findUserIdByUsername(ctx.db, query.member);
    if (memberId === undefined) {
      throw AppError.fields({ member: [`No member is called "${query.member}".`] });
    }
  }
  const rows = await ctx.db
    .select()
    .from(staffActions)
    .where(
      and(
        memberId === undefined ? undefined : eq(staffActions.memberId, memberId),
        newestFirst.afterCursor(query.cursor),
      ),
    )
    .orderBy(...newestFirst.orderBy)
    .limit(fetchLimit(query.limit));
  const page = newestFirst.page(rows, query.limit, (row) => row);
  const people = await findAuthors(
    ctx.db,
    ctx.storage,
    page.rows.flatMap((row) => [row.actorId ?? [], row.memberId ?? []].flat()),
  );
  return {
    next: page.next,
    rows: page.rows.map((row) => ({
      id: row.id,
      actor: row.actorId === null ? null : (people.get(row.actorId) ?? GONE(row.actorId)),
      action: row.action,
      member: row.memberId === null ? null : (people.get(row.memberId) ?? GONE(row.memberId)),
      model: row.model,
      objectId: row.objectId,
      summary: row.summary,
      url: row.url,
      reason: row.reason,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
