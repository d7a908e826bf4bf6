import type { Login } from '@agora/shared';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import { suspendedMessage } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { findUserById, findUserByLogin, recordLogin, type UserRow } from '../users';
import type { AuthContext } from './auth.context';
import { DetailError } from './auth.errors';
import type { SignedIn } from './auth.presenter';
import { loginFailures } from './auth.tables';
import type { ClientInfo } from './device';
import { mails } from './mails';
import { consumeToken, issueToken } from './one-time-tokens';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import { startSession } from './sessions.service';

export const INVALID_CREDENTIALS = 'Unable to log in with the provided credentials.';
export const TWO_FACTOR_SENT =
  'We have sent a sign-in link to your email address; check your email and open it within 10 minutes.';
const TWO_FACTOR_LINK_INVALID =
  'This sign-in link is invalid, was already used or has expired; sign in again to get a new one.';

/** 429 for an account with too many recent failed logins; the route sends Retry-After. */
export class AccountLockedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'rate_limited',
      `Too many failed sign-in attempts for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const windowMs = (ctx: AuthContext) => ctx.config.loginFailureWindowMinutes * 60_000;

/** Whose failures count: the account's, or those of the name typed when it is nobody's. */
type Subject = { userId: number } | { unknownLogin: string };

const failuresOf = (subject: Subject) =>
  'userId' in subject
    ? eq(loginFailures.userId, subject.userId)
    : eq(loginFailures.unknownLogin, subject.unknownLogin);

/** Counted in the database, so the limit holds however many instances answer. */
async function assertNotLocked(ctx: AuthContext, subject: Subject, now: Date): Promise<void> {
  const limit = ctx.config.loginFailureLimit;
  const recent = await ctx.db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(failuresOf(subject), gt(loginFailures.at, new Date(now.getTime() - windowMs(ctx)))))
    .orderBy(desc(loginFailures.at))
    .limit(limit);
  const oldestCounted = recent[limit - 1];
  if (oldestCounted) {
    const unlocksAt = oldestCounted.at.getTime() + windowMs(ctx);
    throw new AccountLockedError(Math.max(1, Math.ceil((unlocksAt - now.getTime()) / 1000)));
  }
}

/** Also forgets every failure older than the window, whoever's, so guessed names do not pile up. */
async function recordFailure(ctx: AuthContext, subject: Subject, now: Date): Promise<void> {
  await ctx.db.insert(loginFailures).values({ ...subject, at: now });
  await ctx.db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(now.getTime() - windowMs(ctx))));
}

export async function clearFailures(ctx: AuthContext, userId: number): Promise<void> {
  await ctx.db.delete(loginFailures).where(eq(loginFailures.userId, userId));
}

/** A 403 saying until when and why, while staff have suspended the member. */
function assertNotSuspended(user: UserRow, now: Date): void {
  if (user.suspendedUntil && user.suspendedUntil > now) {
    throw new AppError(
      'forbidden',
      suspendedMessage(user.suspendedUntil, user.suspendReason ?? ''),
    );
  }
}

/** Every way in ends here (password, two-factor link, Google, Apple, Facebook). */
export async function signIn(
  ctx: AuthContext,
  user: UserRow,
  keepMeLoggedIn: boolean,
  client: ClientInfo,
): Promise<SignedIn> {
  assertNotSuspended(user, ctx.now());
  const tokens = await startSession(ctx, user.id, { keepMeLoggedIn, client });
  const updated = await recordLogin(ctx.db, user.id, ctx.now());
  return { tokens, user: updated };
}

export type LoginResult = { twoFa: true; detail: string } | ({ twoFa: false } & SignedIn);

/** Password login by username or email; same answer for an unknown account and a wrong password. */
export async function login(
  ctx: AuthContext,
  input: Login,
  client: ClientInfo,
): Promise<LoginResult> {
  const now = ctx.now();
  const user = await findUserByLogin(ctx.db, input.username);
  // An unknown name takes the same steps as a wrong password (lock check, a password check,
  // the failure counted), so neither the answer, the lock nor the time says which it was.
  const subject: Subject = user?.passwordHash
    ? { userId: user.id }
    : { unknownLogin: input.username.toLowerCase() };
  await assertNotLocked(ctx, subject, now);
  const verified = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user?.passwordHash || !verified) {
    await recordFailure(ctx, subject, now);
    throw new AppError('validation', INVALID_CREDENTIALS);
  }
  await clearFailures(ctx, user.id);
  // Told only to whoever knows the password, and before a two-factor mail is sent for nothing.
  assertNotSuspended(user, now);

  const address = user.email;
  if (user.isTwoFaOn && address) {
    await ctx.mail.transaction(async (tx, outbox) => {
      const token = await issueToken(tx, 'two_factor', user.id, now, {
        keepMeLoggedIn: input.keepmeloggedin,
      });
      const link = `${ctx.config.publicUrl}/twofa-token/${token}`;
      outbox.add(`two_factor:${token}`, mails.twoFactor(address, user.username, link));
    });
    return { twoFa: true, detail: TWO_FACTOR_SENT };
  }
  return { twoFa: false, ...(await signIn(ctx, user, input.keepmeloggedin, client)) };
}

/** Second step of a two-factor login: the mailed link's token, once, within 10 minutes. */
export async function verifyTwoFactor(
  ctx: AuthContext,
  token: string,
  client: ClientInfo,
): Promise<SignedIn> {
  const used = await consumeToken(ctx.db, 'two_factor', token, ctx.now());
  const user = used && (await findUserById(ctx.db, used.userId));
  if (!used || !user) throw new DetailError(TWO_FACTOR_LINK_INVALID);
  return signIn(ctx, user, used.payload?.keepMeLoggedIn === true, client);
}
