import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { JsonValue } from '../../platform/bus';
import {
  CONTENT_EVENTS,
  ZCommentCreatedEvent,
  ZLikedEvent,
  ZPublishedEvent,
  ZReviewedEvent,
  ZVotedEvent,
  type CommentCreatedEvent,
  type ContentCleaner,
  type ContentRef,
  type LikedEvent,
  type PublishedEvent,
  type ReviewedEvent,
  type VotedEvent,
} from '../../platform/content';
import { findMentionedMembers } from './mentions';
import type { NotificationsContext } from './notifications.context';
import { notifications } from './notifications.tables';
import type { JobQueue } from '../../platform/jobs';
import { notifyAllIn, pushNotification, type NotificationEvent } from './notify.service';

/** What an event tells members: the notifications it makes, in the order they are made. */
type Plan = Promise<NotificationEvent[]>;

/**
 * A notification's target as the content registry names it; its noun is what the recipient's
 * object is called: the kind's, or for a comment its host's ("commented on your poll").
 */
const targetOf = (ctx: NotificationsContext, ref: ContentRef, title: string) => ({
  appLabel: ctx.content.appLabel(ref),
  model: ref.model,
  objectId: ref.id,
  title,
  url: ctx.content.path(ref),
  noun: ctx.content.kind(ref.host?.model ?? ref.model).noun,
});

async function onCommentCreated(ctx: NotificationsContext, event: CommentCreatedEvent): Plan {
  const target = { actorId: event.actorId, ...targetOf(ctx, event.comment, event.title) };
  // The member it answers already hears about this comment; a mention would say it twice.
  const mentioned = await findMentionedMembers(ctx.db, event.content);
  return [
    {
      ...target,
      recipientId: event.ownerId,
      verb: event.comment.parentId === null ? 'commented' : 'replied',
    },
    ...mentioned
      .filter((id) => id !== event.ownerId)
      .map((recipientId) => ({ ...target, recipientId, verb: 'mentioned' as const })),
  ];
}

async function onPublished(ctx: NotificationsContext, event: PublishedEvent): Plan {
  const mentioned = await findMentionedMembers(ctx.db, event.content);
  return mentioned.map((recipientId) => ({
    recipientId,
    actorId: event.actorId,
    verb: 'mentioned',
    ...targetOf(ctx, event.target, event.title),
  }));
}

/** A like tells the target's owner who liked it. */
const onLiked = async (ctx: NotificationsContext, event: LikedEvent): Plan => [
  {
    recipientId: event.ownerId,
    actorId: event.actorId,
    verb: 'liked',
    ...targetOf(ctx, event.target, event.title),
  },
];

/**
 * A vote tells the poll's owner who voted, or for an anonymous poll only that someone did: the
 * voter is neither named nor stored. Their own vote tells them nothing.
 */
const onVoted = async (ctx: NotificationsContext, event: VotedEvent): Plan =>
  event.actorId === event.ownerId
    ? []
    : [
        {
          recipientId: event.ownerId,
          actorId: event.anonymous ? null : event.actorId,
          verb: 'voted',
          ...targetOf(ctx, event.target, event.title),
        },
      ];

/** Each reporter hears the outcome from the staff as a whole, no moderator named. */
const onReviewed = async (ctx: NotificationsContext, event: ReviewedEvent): Plan =>
  event.reporterIds.map((recipientId) => ({
    recipientId,
    actorId: null,
    verb: event.outcome === 'hidden' ? 'report_upheld' : 'report_dismissed',
    ...targetOf(ctx, event.target, event.title),
  }));

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
  on(CONTENT_EVENTS.commentCreated, ZCommentCreatedEvent, onCommentCreated),
  on(CONTENT_EVENTS.published, ZPublishedEvent, onPublished),
  on(CONTENT_EVENTS.liked, ZLikedEvent, onLiked),
  on(CONTENT_EVENTS.voted, ZVotedEvent, onVoted),
  on(CONTENT_EVENTS.reviewed, ZReviewedEvent, onReviewed),
];

/** Events of one topic made into notifications together: one transaction for them all. */
const BATCH_SIZE = 20;

/**
 * Turns content's domain events into notifications, as background jobs (platform/jobs) enqueued
 * with the change that caused them, so none is lost to a crash or a stop. Up to `BATCH_SIZE`
 * jobs of a topic make all their notifications and complete in one transaction: a retry after a
 * failure or a crash finds either everything or nothing written, never a notification told
 * twice, and a burst of votes or likes pays one claim and one commit per batch. Pushes go out
 * just before the commit: a lost push only delays what the next read of the list shows.
 */
export function handleContentEvents(jobs: JobQueue, ctx: NotificationsContext): void {
  for (const { topic, plan } of SUBSCRIPTIONS) {
    jobs.handleBatch(topic, BATCH_SIZE, async (batch) => {
      await ctx.db.transaction(async (tx) => {
        const events: NotificationEvent[] = [];
        for (const job of batch.jobs) events.push(...(await plan({ ...ctx, db: tx }, job.payload)));
        const made = await notifyAllIn(ctx, tx, events);
        await batch.completeIn(tx);
        // Pushed while the recipients' locks are held, just before the commit: a later job's
        // count cannot overtake this one's. A commit that then fails leaves a count one too
        // high until the next push.
        for (const one of made) await pushNotification(ctx, one);
      });
    });
  }
}

/** Notifications about deleted objects would lead nowhere. */
export const cleanNotifications: ContentCleaner = async (tx, { kind, ids }) => {
  await tx
    .delete(notifications)
    .where(and(eq(notifications.model, kind.model), inArray(notifications.objectId, ids)));
};
