import type { NotificationItem, NotificationDetailsQuery } from '@agora/shared';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import { fetchLimit, integerKey, keyset, type Page, timestampKey } from '../../platform/pagination';
import { findAuthors } from '../users';
import type { NotificationsContext } from './notifications.context';
import { nounsOf } from './notification-nouns';
import { presentNotification } from './notifications.presenter';
import { notifications, type NotificationRow } from './notifications.tables';

const newestFirst = keyset({
  createdAt: timestampKey(notifications.createdAt),
  id: integerKey(notifications.id),
});

const NOT_FOUND = 'This notification does not exist or is not yours.';

/** The member's notifications not viewed yet. */
export async function countUnviewed(ctx: NotificationsContext, userId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.viewed, false)));
  return row?.count ?? 0;
}

/** Tells the member's open sockets their new unviewed count. */
async function pushCount(ctx: NotificationsContext, userId: number): Promise<number> {
  const count = await countUnviewed(ctx, userId);
  await ctx.push(userId, { type: 'notification_count', notification_count: count });
  return count;
}

/** Rows in the API shape, with their actors' cards loaded in one query and their nouns. */
async function presentRows(
  ctx: NotificationsContext,
  rows: NotificationRow[],
): Promise<NotificationItem[]> {
  const [actors, nouns] = await Promise.all([
    findAuthors(
      ctx.db,
      ctx.storage,
      rows.map((row) => row.actorId),
    ),
    nounsOf(ctx, rows),
  ]);
  return rows.flatMap((row) => {
    // Only an account deleted between the two queries has no card; its rows go with it.
    const actor = actors.get(row.actorId);
    return actor ? [presentNotification(row, actor, nouns.get(row.id) ?? '')] : [];
  });
}

/** The member's notifications, newest first, in two queries whatever the page size. */
export async function listNotifications(
  ctx: NotificationsContext,
  userId: number,
  query: NotificationDetailsQuery,
): Promise<Page<NotificationItem>> {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), newestFirst.afterCursor(query.cursor)))
    .orderBy(...newestFirst.orderBy)
    .limit(fetchLimit(query.limit));
  const page = newestFirst.page(rows, query.limit, (row) => row);
  return { rows: await presentRows(ctx, page.rows), next: page.next };
}

/** The member marks one of their notifications viewed; someone else's is a 404. */
export async function setViewed(
  ctx: NotificationsContext,
  userId: number,
  id: number,
): Promise<NotificationItem> {
  const [row] = await ctx.db
    .update(notifications)
    .set({ viewed: true })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, userId)))
    .returning();
  if (!row) throw new AppError('not_found', NOT_FOUND);
  const [item] = await presentRows(ctx, [row]);
  if (!item) throw new AppError('not_found', NOT_FOUND);
  await pushCount(ctx, userId);
  return item;
}

/** The member marks all their notifications viewed; answers the count left (new arrivals). */
export async function readAll(ctx: NotificationsContext, userId: number): Promise<number> {
  await ctx.db
    .update(notifications)
    .set({ viewed: true })
    .where(and(eq(notifications.recipientId, userId), eq(notifications.viewed, false)));
  return pushCount(ctx, userId);
}
