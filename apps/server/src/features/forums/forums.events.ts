/**
 * Domain events the forums feature publishes on the bus after a change is committed. Other
 * features (notifications) subscribe to them; forums knows nothing of its subscribers.
 */
export const FORUMS_EVENTS = {
  commentCreated: 'forums.comment-created',
  liked: 'forums.liked',
  pollVoted: 'forums.poll-voted',
  discussionPublished: 'forums.discussion-published',
} as const;

/** A comment or a reply was posted. `ownerId` is whom it answers: the discussion's author for a comment, the parent comment's author for a reply. */
export type CommentCreatedEvent = {
  actorId: number;
  ownerId: number;
  discussionId: number;
  commentId: number;
  parentId: number | null;
  title: string;
  /** The Markdown text, for subscribers that look inside it (mentions). */
  content: string;
};

/** A discussion, comment or reply was liked (not sent on unlike). */
export type LikedEvent = {
  actorId: number;
  ownerId: number;
  model: 'forum' | 'comment' | 'subcomment';
  objectId: number;
  discussionId: number;
  /** The comment a liked reply answers; null for a discussion or a top-level comment. */
  parentId: number | null;
  title: string;
};

/** A member voted in a discussion's poll, or moved their vote. */
export type PollVotedEvent = {
  actorId: number;
  ownerId: number;
  discussionId: number;
  choiceId: number;
  title: string;
};

/** A discussion became visible to members: created as published, or a draft was published. */
export type DiscussionPublishedEvent = {
  actorId: number;
  discussionId: number;
  title: string;
  content: string;
};
