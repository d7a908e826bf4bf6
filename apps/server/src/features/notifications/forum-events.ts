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
import { notify, type NotificationModel } from './notify.service';

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

async function onCommentCreated(ctx: NotificationsContext, event: CommentCreatedEvent) {
  const model: NotificationModel = event.parentId === null ? 'comment' : 'subcomment';
  const target = {
    actorId: event.actorId,
    model,
    objectId: event.commentId,
    title: event.title,
    url: discussionPath(event.discussionId, { id: event.commentId, parentId: event.parentId }),
  };
  await notify(ctx, {
    ...target,
    recipientId: event.ownerId,
    verb: event.parentId === null ? 'commented' : 'replied',
  });
  // The member it answers already hears about this comment; a mention would say it twice.
  const mentioned = await findMentionedMembers(ctx.db, event.content);
  for (const recipientId of mentioned.filter((id) => id !== event.ownerId)) {
    await notify(ctx, { ...target, recipientId, verb: 'mentioned' });
  }
}

async function onDiscussionPublished(ctx: NotificationsContext, event: DiscussionPublishedEvent) {
  for (const recipientId of await findMentionedMembers(ctx.db, event.content)) {
    await notify(ctx, {
      recipientId,
      actorId: event.actorId,
      verb: 'mentioned',
      model: 'forum',
      objectId: event.discussionId,
      title: event.title,
      url: discussionPath(event.discussionId),
    });
  }
}

async function onLiked(ctx: NotificationsContext, event: LikedEvent) {
  await notify(ctx, {
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
  });
}

async function onPollVoted(ctx: NotificationsContext, event: PollVotedEvent) {
  await notify(ctx, {
    recipientId: event.ownerId,
    actorId: event.actorId,
    verb: 'voted',
    model: 'forum',
    objectId: event.discussionId,
    title: event.title,
    url: discussionPath(event.discussionId),
  });
}

interface Subscription {
  topic: string;
  /** Checks the payload (it crossed a process boundary) and acts on it. */
  handle(ctx: NotificationsContext, payload: JsonValue): Promise<void>;
}

function on<T>(
  topic: string,
  schema: z.ZodType<T>,
  handle: (ctx: NotificationsContext, event: T) => Promise<void>,
): Subscription {
  return { topic, handle: async (ctx, payload) => handle(ctx, schema.parse(payload)) };
}

const SUBSCRIPTIONS: Subscription[] = [
  on(FORUMS_EVENTS.commentCreated, ZCommentCreated, onCommentCreated),
  on(FORUMS_EVENTS.discussionPublished, ZDiscussionPublished, onDiscussionPublished),
  on(FORUMS_EVENTS.liked, ZLiked, onLiked),
  on(FORUMS_EVENTS.pollVoted, ZPollVoted, onPollVoted),
];

/**
 * Turns the forums' domain events into notifications. Events are handled one at a time, in the
 * order they arrived: pushed counts follow one another in order, and a burst of likes on a hot
 * discussion queues here instead of holding many database connections on one locked row.
 * Resolves with a function that stops listening and waits for the events already received.
 */
export async function subscribeToForumEvents(
  bus: Bus,
  ctx: NotificationsContext,
): Promise<() => Promise<void>> {
  let queue: Promise<void> = Promise.resolve();
  const unsubscribes = await Promise.all(
    SUBSCRIPTIONS.map(({ topic, handle }) =>
      bus.subscribe(topic, (payload) => {
        queue = queue
          .then(() => handle(ctx, payload))
          .catch((error: unknown) => {
            ctx.log.error({ err: error, topic }, 'could not create a notification');
          });
      }),
    ),
  );
  return async () => {
    await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
    await queue;
  };
}
