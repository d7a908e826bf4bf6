import { z } from 'zod';
import { ZTrueFalse } from './chat';
import { ZContentComment } from './forums';
import { zPage, ZPageQuery } from './pagination';
import { zText } from './text';

/** Member-to-member contracts of the users feature that are not part of the profile. */

/** POST and DELETE `/api/common/blocked-user/`: the member to block or unblock. */
export const ZBlockUser = z.object({
  user_id: z
    .number('Send the member as a numeric id.')
    .int('Send the member as a numeric id.')
    .positive('Send the member as a numeric id.'),
});
export type BlockUser = z.infer<typeof ZBlockUser>;

/** The block between the viewer and a member after the change, flags spelled as the chat list spells them. */
export const ZBlockState = z.object({
  userId: z.number().int().positive(),
  /** The viewer has blocked the member. */
  blockedByMe: ZTrueFalse,
  /** A block stands between the two, in either direction. */
  isBlocked: ZTrueFalse,
});
export type BlockState = z.infer<typeof ZBlockState>;

/**
 * GET `/api/forums/comments/by_author/?author=`: a member's comments and replies for their
 * profile, newest first. Only what everyone may read: neither deleted nor hidden, nor replies to
 * a hidden comment, on content its kind lists publicly (published, not archived).
 */
export const ZMemberCommentListQuery = ZPageQuery.extend({
  /** A username; nobody by that name lists nothing. */
  author: zText('Say whose comments to list.')
    .trim()
    .min(1, 'Say whose comments to list.')
    .max(150, 'Keep the username to at most 150 characters.'),
});
export type MemberCommentListQuery = z.input<typeof ZMemberCommentListQuery>;

/** A comment as a profile lists it: with what it is on and where to read it. */
export const ZMemberComment = ZContentComment.extend({
  /** The title (a poll's or quiz's question) of the discussion, poll or quiz it is on. */
  hostTitle: z.string(),
  /** Its place in the web app (`/discussions/7#comment-12`). */
  path: z.string(),
});
export type MemberComment = z.infer<typeof ZMemberComment>;
export const ZMemberCommentPage = zPage(ZMemberComment);
export type MemberCommentPage = z.infer<typeof ZMemberCommentPage>;
