import type { MemberRole, NotificationVerb } from '@agora/shared';
import { sql } from 'drizzle-orm';
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
 * (`pushNotification`): each notification created or grown, once, as it ends up, in the order
 * its first event came.
 *
 * The recipients' locks come first, in id order (so two transactions never wait on each other in
 * a cycle), in one statement, and hold until `tx` ends: one transaction at a time tells a member,
 * so their unviewed counts are pushed in the order they were counted, and the statement that
 * tells them sees every earlier change to their notifications.
 *
 * The key is verb + target, so a like or vote joins the open group, while a comment or mention
 * (one actor per target) is simply never stored twice.
 */
export async function notifyAllIn(
  ctx: NotificationsContext,
  tx: Database,
  events: NotificationEvent[],
): Promise<Told[]> {
  const groups = groupEvents(events.filter((event) => event.actorId !== event.recipientId));
  if (groups.length === 0) return [];
  const keys = [...new Set(groups.map((group) => group.event.recipientId % 2147483647))];
  await tx.execute(
    sql`select count(pg_advisory_xact_lock(hashtext('agora.notifications'), key))
        from unnest(${`{${keys.sort((a, b) => a - b).join(',')}}`}::int[]) as key`,
  );
  return gatherAll(ctx, tx, groups);
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

/** Events for one recipient, verb and target: one notification's worth. */
interface EventGroup {
  /** The group's latest event: its title is the one stored. */
  event: NotificationEvent;
  /** Who acted, each once, in the order they first did; the recipient for an unnamed act. */
  actorIds: number[];
}

const groupKeyOf = (event: NotificationEvent) => `${event.verb}:${event.model}:${event.objectId}`;

/** The events gathered per recipient and key, in the order each group's first event came. */
function groupEvents(events: NotificationEvent[]): EventGroup[] {
  const groups = new Map<string, EventGroup>();
  for (const event of events) {
    const key = `${event.recipientId}|${groupKeyOf(event)}`;
    const actorId = event.actorId ?? event.recipientId;
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { event, actorIds: [actorId] });
      continue;
    }
    group.event = event;
    if (!group.actorIds.includes(actorId)) group.actorIds.push(actorId);
  }
  return [...groups.values()];
}

/** Column names without their table's, as an insert's column list and conflict target take them. */
const bare = (...columns: AnyPgColumn[]) =>
  sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );

/** The columns of `notifications` as the statement below returns them, by name. */
interface TellRow {
  ord: string | number;
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
 * Tells every group of events at once, in one statement: events come in bursts (every comment,
 * like and vote is one), so each round trip counts. For each group (numbered by `ord`) it
 * keeps its actors (`actorGroups`, `actorIds`) who may tell the recipient (they have
 * notifications on, and neither member has blocked the other) and are not in the recipient's
 * open notification for the key yet; with any left, it creates that notification or grows it by
 * them, the latest of them becoming its named actor. It returns each notification created or
 * grown, with its actor and the recipient's unviewed count before the statement. The groups
 * come as arrays, so the planner knows how few they are and checks each by index.
 *
 * The open row's upsert locks it until the transaction ends, so members acting at once on the
 * same target wait for each other instead of racing, and the actors' primary key lets one actor
 * in once however many instances try. Who is in already is read from the statement's snapshot:
 * the caller holds the recipients' locks (`notifyAllIn`), so every earlier change to their
 * notifications is committed or is this transaction's own, and seen. Groups are distinct per
 * recipient and key, so no row is upserted twice. Anonymous acts all join as the recipient, so
 * the first makes "Someone voted …" and later ones add nothing until it is viewed: counting them
 * would tell a watchful owner who voted when.
 */
const tellAll = statementOnce<TellRow>(() => {
  const n = notifications;
  const a = notificationActors;
  return sql`
    with grp as (
      select * from unnest(${sql.placeholder('recipients')}::bigint[],
        ${sql.placeholder('verbs')}::text[], ${sql.placeholder('appLabels')}::text[],
        ${sql.placeholder('models')}::text[], ${sql.placeholder('objectIds')}::bigint[],
        ${sql.placeholder('titles')}::text[], ${sql.placeholder('urls')}::text[],
        ${sql.placeholder('groupKeys')}::text[])
        with ordinality as grp(recipient, verb, app_label, model, object_id, title, url, group_key, ord)
    ), act as (
      select * from unnest(${sql.placeholder('actorGroups')}::int[], ${sql.placeholder('actorIds')}::bigint[])
        with ordinality as act(ord, actor, pos)
    ), fresh as (
      select act.ord, act.pos, act.actor from act
      join grp on grp.ord = act.ord
      join ${users} on ${users.id} = grp.recipient and ${users.deletedAt} is null
        and ${users.notificationsOn} = true
      where not ${blockExists(sql`act.actor`, sql`grp.recipient`)}
        and not ${blockExists(sql`grp.recipient`, sql`act.actor`)}
        and not exists (select 1 from ${n} join ${a} on ${a.notificationId} = ${n.id}
          where ${n.recipientId} = grp.recipient and ${n.groupKey} = grp.group_key
            and ${n.viewed} = false and ${a.actorId} = act.actor)
    ), added as (
      select ord, count(*)::int as actors, (array_agg(actor order by pos desc))[1] as last_actor
      from fresh group by ord
    ), told as (
      insert into ${n} (${bare(n.recipientId, n.actorId, n.verb, n.appLabel, n.model, n.objectId, n.targetTitle, n.targetUrl, n.groupKey, n.actorsCount, n.createdAt)})
      select grp.recipient, added.last_actor, grp.verb, grp.app_label, grp.model, grp.object_id,
        grp.title, grp.url, grp.group_key, added.actors, ${sql.placeholder('now')}::timestamptz
      from grp join added on added.ord = grp.ord
      on conflict (${bare(n.recipientId, n.groupKey)})
        where ${bare(n.viewed)} = false and ${bare(n.groupKey)} is not null
        do update set ${bare(n.actorsCount)} = ${n.actorsCount} + excluded.${bare(n.actorsCount)},
          ${bare(n.actorId)} = excluded.${bare(n.actorId)},
          ${bare(n.targetTitle)} = excluded.${bare(n.targetTitle)},
          ${bare(n.createdAt)} = excluded.${bare(n.createdAt)}
      returning *, (xmax = 0) as created
    ), joined as (
      insert into ${a} (${bare(a.notificationId, a.actorId)})
      select told.id, fresh.actor from told
      join grp on grp.recipient = told.recipient_id and grp.group_key = told.group_key
      join fresh on fresh.ord = grp.ord
      on conflict do nothing
    )
    select told.*, grp.ord, ${users.username} as actor_username,
      ${users.avatarKey} as actor_avatar_key, ${users.role} as actor_role,
      (select count(*)::int from ${n} where ${n.recipientId} = told.recipient_id
        and ${n.viewed} = false) as unviewed_before
    from told
    join grp on grp.recipient = told.recipient_id and grp.group_key = told.group_key
    join ${users} on ${users.id} = told.actor_id
    order by grp.ord`;
});

/** The groups told in one statement: each notification created or grown, with its push. */
async function gatherAll(
  ctx: NotificationsContext,
  tx: Database,
  groups: EventGroup[],
): Promise<Told[]> {
  const events = groups.map((group) => group.event);
  const rows = await tellAll.run(tx, {
    recipients: events.map((event) => event.recipientId),
    verbs: events.map((event) => event.verb),
    appLabels: events.map((event) => event.appLabel),
    models: events.map((event) => event.model),
    objectIds: events.map((event) => event.objectId),
    titles: events.map((event) => event.title),
    urls: events.map((event) => event.url),
    groupKeys: events.map(groupKeyOf),
    // Numbered from 1, as `with ordinality` numbers the groups.
    actorGroups: groups.flatMap(({ actorIds }, index) => actorIds.map(() => index + 1)),
    actorIds: groups.flatMap(({ actorIds }) => actorIds),
    now: ctx.now().toISOString(),
  });
  // The counts read the statement's snapshot: the rows it created were not in it yet.
  const createdFor = new Map<number, number>();
  return rows.flatMap((row) => {
    const group = groups[Number(row.ord) - 1];
    if (!group) return [];
    const recipientId = Number(row.recipient_id);
    const created = (createdFor.get(recipientId) ?? 0) + (row.created ? 1 : 0);
    createdFor.set(recipientId, created);
    const actorId = Number(row.actor_id);
    return [
      {
        event: group.event,
        gathered: {
          // node-postgres gives bigint as text; PGlite as a number.
          row: {
            id: Number(row.id),
            recipientId,
            actorId,
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
          unviewed: row.unviewed_before + created,
        },
      },
    ];
  });
}
