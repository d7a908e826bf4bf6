import type { PasswordChange, PasswordResetConfirm } from '@agora/shared';
import { AppError } from '../../platform/errors';
import { findUserByEmail, findUserById, markEmailVerified, setPasswordHash } from '../users';
import type { AuthContext } from './auth.context';
import { DetailError } from './auth.errors';
import { clearFailures } from './login.service';
import { mails } from './mails';
import { consumeToken, issueToken, mayMailLink, peekToken, retireTokens } from './one-time-tokens';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';
import { revokeAllSessions, revokeOtherSessions } from './sessions.service';

export const RESET_ANSWER =
  'If an account uses this address, we have emailed it a link to choose a new password.';
export const PASSWORD_CHANGED =
  'Your new password has been saved. Your other devices have been signed out.';
export const PASSWORD_RESET_DONE =
  'Your password has been reset and every device signed out; sign in with the new password.';
const RESET_LINK_INVALID =
  'This password reset link is invalid, was already used or has expired; ask for a new one.';

export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
function decodeUid(uid: string): number | undefined {
  const id = Number(Buffer.from(uid, 'base64url').toString());
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Change while signed in: the old password again, then the new one; other sessions end. */
export async function changePassword(
  ctx: AuthContext,
  auth: { id: number; sessionId: string },
  input: PasswordChange,
): Promise<void> {
  const user = await findUserById(ctx.db, auth.id);
  if (!user) throw new AppError('unauthenticated');
  if (!user.passwordHash) {
    throw AppError.fields({
      old_password: [
        'Your account has no password yet; use "Forgot password" to set one by email.',
      ],
    });
  }
  if (!(await verifyPassword(user.passwordHash, input.old_password))) {
    throw AppError.fields({
      old_password: ['Your old password was entered incorrectly; please enter it again.'],
    });
  }
  const problem = await passwordProblem(input.new_password1, user);
  if (problem) throw AppError.fields({ new_password1: [problem] });
  await setPasswordHash(ctx.db, user.id, await hashPassword(input.new_password1));
  await revokeOtherSessions(ctx, user.id, auth.sessionId);
}

/**
 * Mails a reset link when the address belongs to an account and none went just now; the answer
 * never says whether.
 */
export async function requestPasswordReset(ctx: AuthContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  const address = user?.email;
  if (!user || !address) return;
  const now = ctx.now();
  await ctx.mail.transaction(async (tx, outbox) => {
    if (!(await mayMailLink(tx, 'reset_password', user.id, now))) return;
    await retireTokens(tx, 'reset_password', user.id, now);
    const token = await issueToken(tx, 'reset_password', user.id, now);
    const link = `${ctx.config.publicUrl}/reset-password/${encodeUid(user.id)}/${token}`;
    outbox.add(`reset_password:${token}`, mails.resetPassword(address, user.username, link));
  });
}

/** The link's token, once, within the hour; every session of the account ends. */
export async function confirmPasswordReset(
  ctx: AuthContext,
  uid: string,
  token: string,
  input: PasswordResetConfirm,
): Promise<void> {
  const now = ctx.now();
  const userId = decodeUid(uid);
  const peeked =
    userId && token.length <= 200 && (await peekToken(ctx.db, 'reset_password', token, now));
  const user = peeked && peeked.userId === userId && (await findUserById(ctx.db, userId));
  if (!user) throw new DetailError(RESET_LINK_INVALID);
  // The password is checked before the token is used up, so a refused password can be retried.
  const problem = await passwordProblem(input.new_password1, user);
  if (problem) throw AppError.fields({ new_password1: [problem] });
  const passwordHash = await hashPassword(input.new_password1);
  const used = await consumeToken(ctx.db, 'reset_password', token, now);
  if (used?.userId !== user.id) throw new DetailError(RESET_LINK_INVALID);
  await setPasswordHash(ctx.db, user.id, passwordHash);
  // Opening the mailed link proves the address.
  if (!user.emailVerified) await markEmailVerified(ctx.db, user.id);
  await clearFailures(ctx, user.id);
  await revokeAllSessions(ctx, user.id);
}
