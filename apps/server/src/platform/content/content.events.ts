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

/** A member voted in a poll, or changed their vote; `target` is the poll's content. */
export const ZVotedEvent = ZLikedEvent;
export type VotedEvent = z.infer<typeof ZVotedEvent>;

/** Content became visible to members: created as published, or a draft was published. */
export const ZPublishedEvent = z.object({
  actorId: ZMemberId,
  target: ZContentRef,
  title: z.string(),
  content: z.string(),
});
export type PublishedEvent = z.infer<typeof ZPublishedEvent>;
