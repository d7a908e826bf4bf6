import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import { release } from '../../platform/storage';
import { dropMemberAlbums } from '../albums';
import { dropMemberFiles, sweepKeys } from '../media';
import { findUserById, wipeUser } from '../users';
import type { AuthContext } from './auth.context';
import { loginFailures, oneTimeTokens, socialAccounts } from './auth.tables';
import { verifyPassword } from './passwords';
import { revokeAllSessions } from './sessions.service';

/** A social-only account proves it is the owner by a sign-in this recent. */
export const RECENT_LOGIN_MS = 10 * 60 * 1000;

/**
 * Deletes the member's account: every session revoked, personal data and social links removed,
 * their albums and files deleted (their stored objects released), the row kept (renamed
 * "deleted-<id>") so their posts stay, the username held for 30 days.
 */
export async function deleteAccount(
  ctx: AuthContext,
  userId: number,
  password: string | undefined,
): Promise<void> {
  const now = ctx.now();
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('unauthenticated');
  if (user.passwordHash) {
    if (!password) {
      throw AppError.fields({ password: ['Enter your password to delete your account.'] });
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw AppError.fields({ password: ['This password is not correct.'] });
    }
  } else if (!user.lastLoginAt || now.getTime() - user.lastLoginAt.getTime() > RECENT_LOGIN_MS) {
    throw new AppError(
      'validation',
      'For your safety, sign in again with Google, Apple or Facebook, then delete your account within 10 minutes.',
    );
  }

  const { revoked, released } = await ctx.db.transaction(async (tx) => {
    const revokedSessions = await revokeAllSessions(ctx, userId, tx);
    await tx.delete(socialAccounts).where(eq(socialAccounts.userId, userId));
    await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, userId));
    await tx.delete(loginFailures).where(eq(loginFailures.userId, userId));
    // Albums first: their pictures are files.
    const keys = [
      ...(await dropMemberAlbums(tx, ctx.content, userId)),
      ...(await dropMemberFiles(tx, userId)),
    ];
    const wiped = await wipeUser(tx, userId, now);
    if (wiped.avatarKey) {
      await release(tx, wiped.avatarKey);
      keys.push(wiped.avatarKey);
    }
    return { revoked: revokedSessions, released: keys };
  });
  await ctx.guard.sessionsRevoked(revoked);
  // What is left here (a failed delete) the storage sweep deletes later.
  await sweepKeys(ctx.db, ctx.storage, released).catch((error: unknown) => {
    ctx.log.error({ err: error }, 'could not delete the stored files of a deleted account');
  });
}
