import type { FieldErrors, Registration } from '@agora/shared';
import type { Transaction } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { MailOutbox } from '../../platform/mail';
import {
  createUser,
  emailProblem,
  findUserByEmail,
  findUserById,
  markEmailVerified,
  normaliseEmail,
  usernameProblem,
  type UserRow,
} from '../users';
import type { AuthContext } from './auth.context';
import type { SignedIn } from './auth.presenter';
import type { ClientInfo } from './device';
import { mails } from './mails';
import { consumeToken, issueToken, mayMailLink, retireTokens } from './one-time-tokens';
import { hashPassword, passwordProblem } from './passwords';
import { startSession } from './sessions.service';

export const RESEND_ANSWER =
  'If an account with this address still needs confirming, a new link is on its way.';
const VERIFY_LINK_INVALID =
  'This confirmation link is invalid, was already used or has expired; ask for a new one.';

/**
 * Adds the mail with a fresh verification link (older ones stop working) to the transaction,
 * unless one went just now.
 */
async function mailVerification(
  ctx: AuthContext,
  tx: Transaction,
  outbox: MailOutbox,
  user: UserRow,
): Promise<void> {
  const { email } = user;
  if (!email) return;
  const now = ctx.now();
  if (!(await mayMailLink(tx, 'verify_email', user.id, now))) return;
  await retireTokens(tx, 'verify_email', user.id, now);
  const token = await issueToken(tx, 'verify_email', user.id, now);
  outbox.add(
    `verify_email:${token}`,
    mails.verifyEmail(email, user.username, `${ctx.config.publicUrl}/verify-email/${token}`),
  );
}

/** Sign-up: every problem with the form at once, then the account, a session and the mail. */
export async function register(
  ctx: AuthContext,
  input: Registration,
  client: ClientInfo,
): Promise<SignedIn> {
  const email = normaliseEmail(input.email);
  const errors: FieldErrors = {};
  const usernameIssue = await usernameProblem(ctx.db, input.username, ctx.now());
  if (usernameIssue) errors.username = [usernameIssue];
  const emailIssue = await emailProblem(ctx.db, email);
  if (emailIssue) errors.email = [emailIssue];
  const passwordIssue = await passwordProblem(input.password1, { username: input.username, email });
  if (passwordIssue) errors.password1 = [passwordIssue];
  if (Object.keys(errors).length) throw AppError.fields(errors);

  const passwordHash = await hashPassword(input.password1);
  // One transaction: an account never exists without its verification mail on the way.
  return ctx.mail.transaction(async (tx, outbox) => {
    const user = await createUser(tx, {
      username: input.username,
      email,
      passwordHash,
      lastLoginAt: ctx.now(),
    });
    const tokens = await startSession(ctx, user.id, { keepMeLoggedIn: false, client }, tx);
    await mailVerification(ctx, tx, outbox, user);
    return { tokens, user };
  });
}

export async function verifyEmail(ctx: AuthContext, key: string): Promise<void> {
  const used = await consumeToken(ctx.db, 'verify_email', key, ctx.now());
  const user = used && (await findUserById(ctx.db, used.userId));
  if (!used || !user) throw AppError.fields({ key: [VERIFY_LINK_INVALID] });
  await markEmailVerified(ctx.db, user.id);
}

/** Same answer whether or not the address exists or is already confirmed. */
export async function resendVerification(ctx: AuthContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.emailVerified) {
    await ctx.mail.transaction((tx, outbox) => mailVerification(ctx, tx, outbox, user));
  }
}
