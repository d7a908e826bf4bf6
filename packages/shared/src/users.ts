import { z } from 'zod';
import { ZTrueFalse } from './chat';

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
