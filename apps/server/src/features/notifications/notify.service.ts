import type { MemberRole, NotificationVerb } from '@agora/shared';
import { and, eq, isNull, not, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { statementOnce, type Database } from '../../platform/db';
import { authorCard, blockExists, users } from '../users';
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
 * Makes the events' notifications in `tx`: each creates the recipient's notification or gathers
 * the actor into the one still unviewed for the same verb and target. Nothing happens for a
 * member's own action, while a block stands between the two, or while the recipient has
 * notifications turned off. Resolves with what to push once `tx` has committed
 * (`pushNotification`), in order.
 *
 * The recipients' locks come first, in id order (so two transactions never wait on each other in
 * a cycle), in one statement, and hold until `tx` ends: one transaction at a time tells a member,
 * so their unviewed counts are pushed in the order they were counted, and each statement below
 * sees every earlier change to their notifications. One recipient's events keep their order.
 *
 * The key is verb + target, so a like or vote joins the open group, while a comment or mention
 * (one actor per target) is simply never stored twice.
 */
export async function notifyAllIn(
  ctx: NotificationsContext,
  tx: Database,
  events: NotificationEvent[],
): Promise<Told[]> {
  const told = events
    .filter((event) => event.actorId !== event.recipientId)
    .sort((a, b) => a.recipientId - b.recipientId);
  const keys = [...new Set(told.map((event) => event.recipientId % 2147483647))];
  if (keys.length === 0) return [];
  await tx.execute(
    sql`select count(pg_advisory_xact_lock(hashtext('agora.notifications'), key))
        from unnest(${`{${keys.sort((a, b) => a - b).join(',')}}`}::int[]) as key`,
  );
  const made: Told[] = [];
  for (const event of told) {
    const gathered = await gather(ctx, tx, event);
    if (gathered) made.push({ event, gathered });
  }
  return made;
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
  actor: { id: number; username: string; avatarKey: string | null; role: MemberRole };
  /** The recipient's unviewed notifications, this one included. */
  unviewed: number;
}

/** Column names without their table's, as an insert's column list and conflict target take them. */
const bare = (...columns: AnyPgColumn[]) =>
  sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );

const bigint = (name: string) => sql`${sql.placeholder(name)}::bigint`;

/** The columns of `notifications` as the statement below returns them, by name. */
interface TellRow {
  id: string | number;
  recipient_id: string | number;
  actor_id: string | number;
  verb: string;
  app_label: string;
  model: string;
  object_id: string | number;
  target_title: string;
  target_url: string;
  group_key: string | null;
  actors_count: number;
  viewed: boolean;
  created_at: Date | string;
  created: boolean;
  actor_username: string;
  actor_avatar_key: string | null;
  actor_role: MemberRole;
  unviewed_before: number;
}

/**
 * Creates the recipient's notification for the event, or gathers the actor into the one still
 * unviewed for the same verb and target, if the recipient may be told (they have notifications
 * on, and neither member has blocked the other), in one statement: events come in bursts (every
 * comment, like and vote is one), so each round trip counts. It returns the notification as it
 * now is, with its actor and the recipient's unviewed count before it; no row when the recipient
 * may not be told or the actor was already in it.
 *
 * The open row's upsert locks it until the transaction ends, so members acting at once on the
 * same target wait for each other instead of racing, and the actors' primary key lets one actor
 * in once however many instances try. The check that the actor is not in yet reads the
 * statement's snapshot: the caller holds the recipient's lock (`content-events.ts`), so every
 * earlier change to their notifications is committed or is this transaction's own, and seen.
 * Anonymous acts all join as the recipient, so the first makes "Someone voted …" and later ones
 * add nothing until it is viewed: counting them would tell a watchful owner who voted when.
 */
const tell = statementOnce<TellRow>(() => {
  const n = notifications;
  const recipient = bigint('recipient');
  const actor = bigint('actor');
  const mayBeTold = and(
    eq(users.id, recipient),
    isNull(users.deletedAt),
    eq(users.notificationsOn, true),
    not(blockExists(actor, recipient)),
    not(blockExists(recipient, actor)),
  );
  return sql`
    with told as (
      insert into ${n} (${bare(n.recipientId, n.actorId, n.verb, n.appLabel, n.model, n.objectId, n.targetTitle, n.targetUrl, n.groupKey, n.actorsCount, n.createdAt)})
      select ${recipient}, ${actor}, ${sql.placeholder('verb')}, ${sql.placeholder('appLabel')},
        ${sql.placeholder('model')}, ${bigint('objectId')}, ${sql.placeholder('title')},
        ${sql.placeholder('url')}, ${sql.placeholder('groupKey')}, 1,
        ${sql.placeholder('now')}::timestamptz
      from ${users} where ${mayBeTold}
      on conflict (${bare(n.recipientId, n.groupKey)})
        where ${bare(n.viewed)} = false and ${bare(n.groupKey)} is not null
        do update set ${bare(n.actorsCount)} = ${n.actorsCount} + 1,
          ${bare(n.actorId)} = excluded.${bare(n.actorId)},
          ${bare(n.targetTitle)} = excluded.${bare(n.targetTitle)},
          ${bare(n.createdAt)} = excluded.${bare(n.createdAt)}
        where not exists (select 1 from ${notificationActors}
          where ${notificationActors.notificationId} = ${n.id}
            and ${notificationActors.actorId} = ${actor})
      returning *, (xmax = 0) as created
    ), joined as (
      insert into ${notificationActors} (${bare(notificationActors.notificationId, notificationActors.actorId)})
      select told.id, ${actor} from told
      on conflict do nothing
    )
    select told.*, ${users.username} as actor_username, ${users.avatarKey} as actor_avatar_key,
      ${users.role} as actor_role,
      (select count(*)::int from ${n} where ${n.recipientId} = ${recipient} and ${n.viewed} = false)
        as unviewed_before
    from told join ${users} on ${users.id} = told.actor_id`;
});

/** The created or grown notification, with what its push needs. */
async function gather(
  ctx: NotificationsContext,
  tx: Database,
  event: NotificationEvent,
): Promise<Gathered | undefined> {
  const actorId = event.actorId ?? event.recipientId;
  const [row] = await tell.run(tx, {
    recipient: event.recipientId,
    actor: actorId,
    verb: event.verb,
    appLabel: event.appLabel,
    model: event.model,
    objectId: event.objectId,
    title: event.title,
    url: event.url,
    groupKey: `${event.verb}:${event.model}:${event.objectId}`,
    now: ctx.now().toISOString(),
  });
  if (!row) return undefined;
  return {
    // node-postgres gives bigint as text; PGlite as a number.
    row: {
      id: Number(row.id),
      recipientId: Number(row.recipient_id),
      actorId: Number(row.actor_id),
      verb: row.verb,
      appLabel: row.app_label,
      model: row.model,
      objectId: Number(row.object_id),
      targetTitle: row.target_title,
      targetUrl: row.target_url,
      groupKey: row.group_key,
      actorsCount: row.actors_count,
      viewed: row.viewed,
      createdAt: new Date(row.created_at),
    },
    actor: {
      id: actorId,
      username: row.actor_username,
      avatarKey: row.actor_avatar_key,
      role: row.actor_role,
    },
    // The count read the statement's snapshot: a row it created was not in it yet.
    unviewed: row.unviewed_before + (row.created ? 1 : 0),
  };
}
