import { NOTIFICATION_APP_LABEL_FORUMS, type NotificationVerb } from '@agora/shared';
import { and, eq, isNull, not, sql } from 'drizzle-orm';
import { blockExists, users } from '../users';
import type { NotificationsContext } from './notifications.context';
import { pushCount, presentRows } from './notifications.service';
import { notificationActors, notifications, type NotificationRow } from './notifications.tables';

/** What a notification's target is: a discussion, a comment or a reply. */
export type NotificationModel = 'forum' | 'comment' | 'subcomment';

/** Something a member did that another member may hear about. */
export interface NotificationEvent {
  recipientId: number;
  actorId: number;
  verb: NotificationVerb;
  model: NotificationModel;
  objectId: number;
  title: string;
  url: string;
}

/**
 * Creates the recipient's notification, or gathers the actor into the one still unviewed for the
 * same verb and target, then pushes it live. Nothing happens for the member's own action, while
 * a block stands between the two, or while the recipient has notifications turned off.
 *
 * The key is verb + target, so a like or vote joins the open group, while a comment or mention
 * (one actor per target) is simply never stored twice: every instance receives each domain event
 * through the bus, and each may run this for it.
 */
export async function notify(ctx: NotificationsContext, event: NotificationEvent): Promise<void> {
  if (event.actorId === event.recipientId) return;
  if (!(await mayNotify(ctx, event))) return;

  const changed = await gather(ctx, event);
  if (!changed) return;
  const [item] = await presentRows(ctx, [changed]);
  if (!item) return;
  await ctx.push(event.recipientId, {
    type: 'notification_details',
    message: item.message,
    notification: item,
  });
  await pushCount(ctx, event.recipientId);
}

/** The recipient has notifications on, and neither member has blocked the other. */
async function mayNotify(ctx: NotificationsContext, event: NotificationEvent): Promise<boolean> {
  const [row] = await ctx.db
    .select({ notificationsOn: users.notificationsOn })
    .from(users)
    .where(
      and(
        eq(users.id, event.recipientId),
        isNull(users.deletedAt),
        not(blockExists(event.actorId, event.recipientId)),
        not(blockExists(event.recipientId, event.actorId)),
      ),
    );
  return row?.notificationsOn === true;
}

/** The created or grown notification; undefined when this actor was already in it. */
async function gather(
  ctx: NotificationsContext,
  event: NotificationEvent,
): Promise<NotificationRow | undefined> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // The no-op update makes the open row come back (and stay locked) when there is one, so
    // members acting at once on the same target wait for each other instead of racing.
    const [open] = await tx
      .insert(notifications)
      .values({
        recipientId: event.recipientId,
        actorId: event.actorId,
        verb: event.verb,
        appLabel: NOTIFICATION_APP_LABEL_FORUMS,
        model: event.model,
        objectId: event.objectId,
        targetTitle: event.title,
        targetUrl: event.url,
        groupKey: `${event.verb}:${event.model}:${event.objectId}`,
        actorsCount: 0,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [notifications.recipientId, notifications.groupKey],
        targetWhere: sql`${notifications.viewed} = false and ${notifications.groupKey} is not null`,
        set: { groupKey: sql`excluded.group_key` },
      })
      .returning({ id: notifications.id });
    if (!open) throw new Error('upsert returned no row');
    const [joined] = await tx
      .insert(notificationActors)
      .values({ notificationId: open.id, actorId: event.actorId })
      .onConflictDoNothing()
      .returning({ actorId: notificationActors.actorId });
    if (!joined) return undefined;
    const [row] = await tx
      .update(notifications)
      .set({
        actorsCount: sql`${notifications.actorsCount} + 1`,
        actorId: event.actorId,
        targetTitle: event.title,
        createdAt: now,
      })
      .where(eq(notifications.id, open.id))
      .returning();
    return row;
  });
}
