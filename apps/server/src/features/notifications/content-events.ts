import { z } from 'zod';
import type { Bus, JsonValue } from '../../platform/bus';
import {
  discussionPath,
  FORUMS_EVENTS,
  type CommentCreatedEvent,
  type DiscussionPublishedEvent,
  type LikedEvent,
  type PollVotedEvent,
} from '../forums';
import { findMentionedMembers } from './mentions';
import type { NotificationsContext } from './notifications.context';
import { createLanes } from './lanes';
import { notify, type NotificationEvent, type NotificationModel } from './notify.service';

const ZId = z.number().int().positive();

const ZCommentCreated = z.object({
  actorId: ZId,
  ownerId: ZId,
  discussionId: ZId,
  commentId: ZId,
  parentId: ZId.nullable(),
  title: z.string(),
  content: z.string(),
}) satisfies z.ZodType<CommentCreatedEvent>;

const ZLiked = z.object({
  actorId: ZId,
  ownerId: ZId,
  model: z.enum(['forum', 'comment', 'subcomment']),
  objectId: ZId,
  discussionId: ZId,
  parentId: ZId.nullable(),
  title: z.string(),
}) satisfies z.ZodType<LikedEvent>;

const ZPollVoted = z.object({
  actorId: ZId,
  ownerId: ZId,
  discussionId: ZId,
  choiceId: ZId,
  title: z.string(),
}) satisfies z.ZodType<PollVotedEvent>;

const ZDiscussionPublished = z.object({
  actorId: ZId,
  discussionId: ZId,
  title: z.string(),
  content: z.string(),
}) satisfies z.ZodType<DiscussionPublishedEvent>;

/** What an event tells members: the notifications it makes, in the order they are made. */
type Plan = Promise<NotificationEvent[]>;

async function onCommentCreated(ctx: NotificationsContext, event: CommentCreatedEvent): Plan {
  const model: NotificationModel = event.parentId === null ? 'comment' : 'subcomment';
  const target = {
    actorId: event.actorId,
    model,
    objectId: event.commentId,
    title: event.title,
    url: discussionPath(event.discussionId, { id: event.commentId, parentId: event.parentId }),
  };
  // The member it answers already hears about this comment; a mention would say it twice.
  const mentioned = await findMentionedMembers(ctx.db, event.content);
  return [
    {
      ...target,
      recipientId: event.ownerId,
      verb: event.parentId === null ? 'commented' : 'replied',
    },
    ...mentioned
      .filter((id) => id !== event.ownerId)
      .map((recipientId) => ({ ...target, recipientId, verb: 'mentioned' as const })),
  ];
}

async function onDiscussionPublished(
  ctx: NotificationsContext,
  event: DiscussionPublishedEvent,
): Plan {
  const mentioned = await findMentionedMembers(ctx.db, event.content);
  return mentioned.map((recipientId) => ({
    recipientId,
    actorId: event.actorId,
    verb: 'mentioned',
    model: 'forum',
    objectId: event.discussionId,
    title: event.title,
    url: discussionPath(event.discussionId),
  }));
}

async function onLiked(_ctx: NotificationsContext, event: LikedEvent): Plan {
  return [
    {
      recipientId: event.ownerId,
      actorId: event.actorId,
      verb: 'liked',
      model: event.model,
      objectId: event.objectId,
      title: event.title,
      url:
        event.model === 'forum'
          ? discussionPath(event.discussionId)
          : discussionPath(event.discussionId, { id: event.objectId, parentId: event.parentId }),
    },
  ];
}

async function onPollVoted(_ctx: NotificationsContext, event: PollVotedEvent): Plan {
  return [
    {
      recipientId: event.ownerId,
      actorId: event.actorId,
      verb: 'voted',
      model: 'forum',
      objectId: event.discussionId,
      title: event.title,
      url: discussionPath(event.discussionId),
    },
  ];
}

interface Subscription {
  topic: string;
  /** Checks the payload (it crossed a process boundary) and says what it tells whom. */
  plan(ctx: NotificationsContext, payload: JsonValue): Plan;
}

function on<T>(
  topic: string,
  schema: z.ZodType<T>,
  plan: (ctx: NotificationsContext, event: T) => Plan,
): Subscription {
  return { topic, plan: async (ctx, payload) => plan(ctx, schema.parse(payload)) };
}

const SUBSCRIPTIONS: Subscription[] = [
  on(FORUMS_EVENTS.commentCreated, ZCommentCreated, onCommentCreated),
  on(FORUMS_EVENTS.discussionPublished, ZDiscussionPublished, onDiscussionPublished),
  on(FORUMS_EVENTS.liked, ZLiked, onLiked),
  on(FORUMS_EVENTS.pollVoted, ZPollVoted, onPollVoted),
];

/**
 * Notifications written at once, each holding a database connection: the rest of the pool stays
 * free for requests while a burst of comments is told.
 */
const NOTIFYING_AT_ONCE = 2;

/**
 * Turns the forums' domain events into notifications. Events are read one at a time, in the
 * order they arrived, and each recipient's notifications are written one at a time in that
 * order: their pushed counts follow one another, and a burst of likes on a hot discussion
 * queues here instead of holding many database connections on one locked row. Different
 * recipients are told side by side (NOTIFYING_AT_ONCE).
 * Resolves with a function that stops listening and waits for the events already received.
 */
export async function subscribeToForumEvents(
  bus: Bus,
  ctx: NotificationsContext,
): Promise<() => Promise<void>> {
  const lanes = createLanes(NOTIFYING_AT_ONCE);
  let reading: Promise<unknown> = Promise.resolve();
  const unsubscribes = await Promise.all(
    SUBSCRIPTIONS.map(({ topic, plan }) =>
      bus.subscribe(topic, async (payload) => {
        // Queued in the lanes within the reading, so each recipient's lane keeps the events' order.
        const queued = reading.then(async () => {
          const events = await plan(ctx, payload);
          return events.map((event) => lanes.run(event.recipientId, () => notify(ctx, event)));
        });
        reading = queued.catch(() => {});
        const failures = await queued.then(
          async (notifying) =>
            (await Promise.allSettled(notifying)).flatMap((told) =>
              told.status === 'rejected' ? [told.reason] : [],
            ),
          (error: unknown) => [error],
        );
        for (const error of failures) {
          ctx.log.error({ err: error, topic }, 'could not create a notification');
        }
      }),
    ),
  );
  return async () => {
    await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
    await bus.idle();
  };
}
