import { z } from 'zod';

/**
 * The domain events content publishes on the bus after a change is committed, with the payload
 * each carries. Subscribers (notifications) parse payloads with these schemas: with Redis they
 * crossed a process boundary. Publishers know nothing of their subscribers.
 */
export const CONTENT_EVENTS = {
  commentCreated: 'content.comment-created',
  liked: 'content.liked',
  voted: 'content.voted',
  published: 'content.published',
  countsChanged: 'content.counts-changed',
  reviewed: 'content.reviewed',
} as const;

const ZMemberId = z.number().int().positive();

const ZContentRef = z.object({
  model: z.string(),
  id: ZMemberId,
  host: z.object({ model: z.string(), id: ZMemberId }).nullable(),
  parentId: ZMemberId.nullable(),
});

/** A comment or a reply was posted; `ownerId` is whom it answers (the host's or the parent's author). */
export const ZCommentCreatedEvent = z.object({
  actorId: ZMemberId,
  ownerId: ZMemberId,
  comment: ZContentRef,
  /** The host's title. */
  title: z.string(),
  /** The Markdown text, for subscribers that look inside it (mentions). */
  content: z.string(),
});
export type CommentCreatedEvent = z.infer<typeof ZCommentCreatedEvent>;

/** Something was liked (not sent on unlike). */
export const ZLikedEvent = z.object({
  actorId: ZMemberId,
  ownerId: ZMemberId,
  target: ZContentRef,
  title: z.string(),
});
export type LikedEvent = z.infer<typeof ZLikedEvent>;

/**
 * A member voted in a poll, or changed their vote; `target` is the poll's content. With
 * `anonymous` the poll never names its voters: subscribers must not name `actorId` either.
 */
export const ZVotedEvent = ZLikedEvent.extend({ anonymous: z.boolean().default(false) });
export type VotedEvent = z.input<typeof ZVotedEvent>;

/** Content became visible to members: created as published, or a draft was published. */
export const ZPublishedEvent = z.object({
  actorId: ZMemberId,
  target: ZContentRef,
  title: z.string(),
  content: z.string(),
});
export type PublishedEvent = z.infer<typeof ZPublishedEvent>;

/**
 * Counters an object's page shows moved (a ballot withdrawn, an unlike, an answer) without any
 * of the events above: the live socket (`/ws/live/`) sends watchers its new counts. Events
 * above that name a `target` mean the same for it.
 */
export const ZCountsChangedEvent = z.object({
  target: z.object({ model: z.string(), id: ZMemberId }),
});
export type CountsChangedEvent = z.infer<typeof ZCountsChangedEvent>;

/** Staff decided about reported content: each member whose report it closed hears the outcome. */
export const ZReviewedEvent = z.object({
  reporterIds: z.array(ZMemberId),
  target: ZContentRef,
  title: z.string(),
  outcome: z.enum(['hidden', 'dismissed']),
});
export type ReviewedEvent = z.infer<typeof ZReviewedEvent>;
