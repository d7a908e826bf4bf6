import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { oneTimeTokens, type TokenPurpose } from './auth.tables';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify_email: 3 * 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  two_factor: 10 * 60 * 1000,
};

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new single-use token for a mailed link; only its SHA-256 is stored. */
export async function issueToken(
  db: Database,
  purpose: TokenPurpose,
  userId: number,
  now: Date,
  payload?: Record<string, unknown>,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(oneTimeTokens).values({
    purpose,
    userId,
    tokenHash: digest(token),
    payload: payload ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/** The still usable token's owner, without using it up. */
export async function peekToken(
  db: Database,
  purpose: TokenPurpose,
  token: string,
  now: Date,
): Promise<{ userId: number } | undefined> {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(usable(purpose, token, now));
  return row;
}

const usable = (purpose: TokenPurpose, token: string, now: Date) =>
  and(
    eq(oneTimeTokens.tokenHash, digest(token)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
  );

/** Uses the token up; of two requests racing with it, only one gets its owner back. */
export async function consumeToken(
  db: Database,
  purpose: TokenPurpose,
  token: string,
  now: Date,
): Promise<{ userId: number; payload: Record<string, unknown> | null } | undefined> {
  if (token.length > 200) return undefined;
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(usable(purpose, token, now))
    .returning({ userId: oneTimeTokens.userId, payload: oneTimeTokens.payload });
  return row;
}

/** Older links of this kind stop working once a newer one is sent or used. */
export async function retireTokens(
  db: Database,
  purpose: TokenPurpose,
  userId: number,
  now: Date,
): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

/** Links of one kind mailed to one account: at most one a minute and five an hour. */
export const MAILED_LINK_LIMITS = { gapMs: 60_000, perHour: 5 } as const;

/**
 * Whether another link of this kind may be mailed now. Asking again too soon is answered as
 * usual but mails nothing, so nobody can fill a stranger's inbox through the reset form.
 */
export async function mayMailLink(
  db: Database,
  purpose: TokenPurpose,
  userId: number,
  now: Date,
): Promise<boolean> {
  const recent = await db
    .select({ createdAt: oneTimeTokens.createdAt })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        gt(oneTimeTokens.createdAt, new Date(now.getTime() - 60 * 60_000)),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(MAILED_LINK_LIMITS.perHour);
  const latest = recent[0]?.createdAt.getTime() ?? 0;
  return (
    recent.length < MAILED_LINK_LIMITS.perHour && now.getTime() - latest >= MAILED_LINK_LIMITS.gapMs
  );
}
