import { eq, sql } from 'drizzle-orm';
import { mentionedUsernames } from './features/notifications';
import { likes } from './features/reactions';
import { users } from './features/users';
import type { NewMemberSource } from './platform/auth';

/**
 * What the new-member limits (`platform/auth/new-members.ts`) read from features: when a member
 * joined (users), the likes they gave (reactions) and whom a text mentions (notifications). It
 * sits beside app.ts, as content-kinds.ts does, because platform code names no feature.
 */
export const newMemberSource: NewMemberSource = {
  async standing(db, memberId, enough) {
    // Counting stops at `enough`: a member with thousands of likes costs no more than a new one.
    const [row] = await db
      .select({
        joinedAt: users.createdAt,
        likesGiven: sql<number>`(select count(*)::int from (select 1 from ${likes} where ${likes.userId} = ${memberId} limit ${enough}) as given)`,
      })
      .from(users)
      .where(eq(users.id, memberId));
    return row;
  },
  mentions: mentionedUsernames,
};
