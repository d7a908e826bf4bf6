import type { NotificationVerb } from '@agora/shared';
import { and, eq, getTableColumns, isNull, not, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db';
import { authorCard, authorColumns, blockExists, users } from '../users';
import type { NotificationsContext } from './notifications.context';
import { presentNotification } from './notifications.presenter';
import { notificationActors, notifications, type NotificationRow } from './notifications.tables';

/** Something a member did that another member may hear about. */
export interface NotificationEvent {
  recipientId: number;
  /**
   * Who did it; null when they must not be named (a vote in an anonymous poll). Such a
   * notification is stored under the recipient as its actor, so the row names nobody, and
   * presented as "Someone …".
   */
  actorId: number | null;
  verb: NotificationVerb;
  /** What the recipient's object is called ('discussion', 'poll'): for a comment, its host's. */
  noun: string;
  /** The target's application ('forums'), model and page, as the content registry gives them. */
  appLabel: string;
  model: string;
  objectId: number;
  title: string;
  url: string;
}

/**
 * Creates the recipient's notification in `tx`, or gathers the actor into the one still unviewed
 * for the same verb and target. Nothing happens for the member's own action, while a block
 * stands between the two, or while the recipient has notifications turned off. Resolves with
 * what to push once `tx` has committed (`pushNotification`); undefined when nothing changed.
 *
 * The key is verb + target, so a like or vote joins the open group, while a comment or mention
 * (one actor per target) is simply never stored twice.
 */
export async function notifyIn(
  ctx: NotificationsContext,
  tx: Database,
  event: NotificationEvent,
): Promise<Told | undefined> {
  if (event.actorId === event.recipientId) return undefined;
  const gathered = await gather(ctx, tx, event);
  return gathered && { event, gathered };
}

/** A notification created or grown, to push once committed. */
export interface Told {
  event: NotificationEvent;
  gathered: Gathered;
}

/** Pushes the notification live with the recipient's new unviewed count. */
export async function pushNotification(ctx: NotificationsContext, { event, gathered }: Told) {
  const item = presentNotification(
    gathered.row,
    authorCard(ctx.storage, gathered.actor),
    event.noun,
  );
  await ctx.push(event.recipientId, {
    type: 'notification_details',
    message: item.message,
    notification: item,
  });
  await ctx.push(event.recipientId, {
    type: 'notification_count',
    notification_count: gathered.unviewed,
  });
}

interface Gathered {
  row: NotificationRow;
  actor: { id: number; username: string; avatarKey: string | null };
  /** The recipient's unviewed notifications, this one included. */
  unviewed: number;
}

/**
 * The created or grown notification, with what its push needs, in two statements: events come
 * in bursts (every comment and like is one), so each round trip counts. Undefined when the
 * recipient may not be told, or when this actor was already in it.
 */
async function gather(
  ctx: NotificationsContext,
  tx: Database,
  event: NotificationEvent,
): Promise<Gathered | undefined> {
  const now = ctx.now();
  const actorId = event.actorId ?? event.recipientId;
  const notificationId = await joinOpenGroup(tx, event, actorId, now);
  if (notificationId === undefined) return undefined;
  const [grown] = await tx
    .update(notifications)
    .set({
      actorsCount: sql`${notifications.actorsCount} + 1`,
      actorId,
      targetTitle: event.title,
      createdAt: now,
    })
    .from(users)
    .where(and(eq(notifications.id, notificationId), eq(users.id, actorId)))
    .returning({
      row: getTableColumns(notifications),
      actor: authorColumns,
      unviewed: sql<number>`(
        select count(*)::int from ${notifications} ${unviewed}
        where ${unviewed.recipientId} = ${event.recipientId} and ${unviewed.viewed} = false
      )`,
    });
  return grown;
}

const unviewed = alias(notifications, 'unviewed');

/** Column names without their table's, as an insert's column list and conflict target take them. */
const bare = (...columns: AnyPgColumn[]) =>
  sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );

/**
 * Adds the actor to the recipient's open notification for the event's verb and target, creating
 * it (with no actors counted yet) when there is none, if the recipient may be told: they have
 * notifications on, and neither member has blocked the other. The id of the notification the
 * actor joined; undefined when they may not be told or the actor was already in it.
 *
 * The no-op update makes the open row come back, and stay locked until the transaction ends,
 * when there is one, so members acting at once on the same target wait for each other instead
 * of racing; the actors' primary key lets one actor in once, however many instances try.
 * Anonymous acts all join as the recipient, so the first makes "Someone voted …" and later ones
 * add nothing until it is viewed: counting them would tell a watchful owner who voted when.
 */
async function joinOpenGroup(
  tx: Database,
  event: NotificationEvent,
  actorId: number,
  now: Date,
): Promise<number | undefined> {
  const mayBeTold = and(
    eq(users.id, event.recipientId),
    isNull(users.deletedAt),
    eq(users.notificationsOn, true),
    not(blockExists(actorId, event.recipientId)),
    not(blockExists(event.recipientId, actorId)),
  );
  const n = notifications;
  const { rows } = await tx.execute<{ notification_id: string | number }>(sql`
    with open as (
      insert into ${n} (${bare(n.recipientId, n.actorId, n.verb, n.appLabel, n.model, n.objectId, n.targetTitle, n.targetUrl, n.groupKey, n.actorsCount, n.createdAt)})
      select ${event.recipientId}, ${actorId}, ${event.verb},
        ${event.appLabel}, ${event.model}, ${event.objectId}, ${event.title},
        ${event.url}, ${`${event.verb}:${event.model}:${event.objectId}`}, 0,
        ${now.toISOString()}::timestamptz
      from ${users} where ${mayBeTold}
      on conflict (${bare(n.recipientId, n.groupKey)})
        where ${bare(n.viewed)} = false and ${bare(n.groupKey)} is not null
        do update set ${bare(n.groupKey)} = excluded.${bare(n.groupKey)}
      returning ${bare(n.id)}
    )
    insert into ${notificationActors} (${bare(notificationActors.notificationId, notificationActors.actorId)})
    select open.id, ${actorId} from open
    on conflict do nothing
    returning ${bare(notificationActors.notificationId)}`);
  const joined = rows[0]?.notification_id;
  // node-postgres gives bigint as text; PGlite as a number.
  return joined === undefined ? undefined : Number(joined);
}
