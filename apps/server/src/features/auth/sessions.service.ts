import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  InvalidTokenError,
  SESSION_EXPIRED_MESSAGE,
  signToken,
  verifyToken,
  type RevokedSession,
  type SessionSource,
} from '../../platform/auth';
import { prepareOnce, type Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { fetchLimit, keyset, timestampKey, uuidKey, type Page } from '../../platform/pagination';
import { users } from '../users';
import type { AuthContext } from './auth.context';
import { sessions, type SessionRow } from './auth.tables';
import { describeDevice, type ClientInfo } from './device';

export interface IssuedTokens {
  access: string;
  refresh: string;
  sessionId: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function signPair(ctx: AuthContext, userId: number, sessionId: string, now: Date) {
  const { jwtSecret, accessTokenTtlSeconds, refreshTokenTtlSeconds } = ctx.config;
  const [access, refresh] = await Promise.all([
    signToken(jwtSecret, {
      type: 'access',
      userId,
      sessionId,
      ttlSeconds: accessTokenTtlSeconds,
      now,
    }),
    signToken(jwtSecret, {
      type: 'refresh',
      userId,
      sessionId,
      ttlSeconds: refreshTokenTtlSeconds,
      now,
    }),
  ]);
  return { access, refresh };
}

/** A new signed-in device: its row plus the first access and refresh tokens. */
export async function startSession(
  ctx: AuthContext,
  userId: number,
  options: { keepMeLoggedIn: boolean; client: ClientInfo },
  db: Database = ctx.db,
): Promise<IssuedTokens> {
  const now = ctx.now();
  const sessionId = randomUUID();
  const { access, refresh } = await signPair(ctx, userId, sessionId, now);
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    refreshJti: refresh.jti,
    keepMeLoggedIn: options.keepMeLoggedIn,
    ...describeDevice(options.client.userAgent),
    ip: options.client.ip.slice(0, 64),
    userAgent: options.client.userAgent.slice(0, 512),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: refresh.expiresAt,
  });
  return {
    access: access.token,
    refresh: refresh.token,
    sessionId,
    accessExpiresAt: access.expiresAt,
    refreshExpiresAt: refresh.expiresAt,
  };
}

const sessionExpired = () => new AppError('unauthenticated', SESSION_EXPIRED_MESSAGE);

/**
 * Rotation: the refresh token's jti must be the session's current one; it is replaced by a new
 * one. An older jti means the token was copied and used twice: the whole session is revoked.
 */
export async function refreshSession(
  ctx: AuthContext,
  refreshToken: string,
): Promise<IssuedTokens> {
  const now = ctx.now();
  let claims;
  try {
    claims = await verifyToken(ctx.config.jwtSecret, refreshToken, 'refresh', now);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw sessionExpired();
    throw error;
  }
  const { access, refresh } = await signPair(ctx, claims.userId, claims.sessionId, now);
  const [rotated] = await ctx.db
    .update(sessions)
    .set({ refreshJti: refresh.jti, lastSeenAt: now, expiresAt: refresh.expiresAt })
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        eq(sessions.refreshJti, claims.jti),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ id: sessions.id });
  if (!rotated) {
    const reused = await revokeSessions(
      ctx,
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        ne(sessions.refreshJti, claims.jti),
      ),
    );
    if (reused.length) {
      ctx.log.warn(
        { sessionId: claims.sessionId, userId: claims.userId },
        'refresh token reused: session revoked',
      );
    }
    throw sessionExpired();
  }
  return {
    access: access.token,
    refresh: refresh.token,
    sessionId: claims.sessionId,
    accessExpiresAt: access.expiresAt,
    refreshExpiresAt: refresh.expiresAt,
  };
}

/** Revokes the live sessions matching `where` and tells the guard; returns their ids. */
export async function revokeSessions(
  ctx: AuthContext,
  where: SQL | undefined,
  db: Database = ctx.db,
): Promise<{ sessionId: string; userId: number }[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(where, isNull(sessions.revokedAt)))
    .returning({ sessionId: sessions.id, userId: sessions.userId });
  if (db === ctx.db) await ctx.guard.sessionsRevoked(revoked);
  return revoked;
}

/**
 * Revokes every live session of the member within the caller's transaction (staff suspending
 * them); the caller tells `app.auth.sessionsRevoked` once it commits, which closes sockets.
 */
export async function revokeMemberSessions(
  db: Database,
  userId: number,
  now: Date,
): Promise<RevokedSession[]> {
  return db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ sessionId: sessions.id, userId: sessions.userId });
}

export const revokeAllSessions = (ctx: AuthContext, userId: number, db?: Database) =>
  revokeSessions(ctx, eq(sessions.userId, userId), db);

export const revokeOtherSessions = (ctx: AuthContext, userId: number, keep: string) =>
  revokeSessions(ctx, and(eq(sessions.userId, userId), ne(sessions.id, keep)));

/** Logout: the refresh token names the session; an expired one still may sign itself out. */
export async function logout(ctx: AuthContext, refreshToken: string): Promise<void> {
  let claims;
  try {
    claims = await verifyToken(ctx.config.jwtSecret, refreshToken, 'refresh', ctx.now());
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error;
    claims = error.expiredClaims;
  }
  if (!claims) {
    throw AppError.fields({
      refresh_token: ['This sign-in token is not valid; you may already be signed out.'],
    });
  }
  await revokeSessions(
    ctx,
    and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId)),
  );
}

/** Revokes one of the member's own sessions; another member's is "not found". */
export async function revokeOwnSession(
  ctx: AuthContext,
  userId: number,
  sessionId: string,
): Promise<void> {
  const notFound = () => new AppError('not_found', 'This session does not exist.');
  if (!UUID.test(sessionId)) throw notFound();
  const [row] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  if (!row) throw notFound();
  await revokeSessions(ctx, eq(sessions.id, sessionId));
}

/** Newest first; two sessions started in the same millisecond are told apart by id. */
const newestFirst = keyset({
  createdAt: timestampKey(sessions.createdAt),
  id: uuidKey(sessions.id),
});

/** The member's live sessions, newest first, a keyset page at a time. */
export async function listSessions(
  ctx: AuthContext,
  userId: number,
  page: { cursor?: string; limit?: number },
): Promise<Page<SessionRow>> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, ctx.now()),
        newestFirst.afterCursor(page.cursor),
      ),
    )
    .orderBy(...newestFirst.orderBy)
    .limit(fetchLimit(page.limit));
  return newestFirst.page(rows, page.limit, (row) => row);
}

/** What the bearer guard reads: one primary-key lookup joined to the member's row. */
export function sessionSource(db: Database): SessionSource {
  return {
    async find(sessionId) {
      if (!UUID.test(sessionId)) return null;
      // Built once: every request of a member whose session is not cached here reads it.
      const [row] = await prepareOnce(db, 'session_of_bearer', () =>
        db
          .select({
            userId: sessions.userId,
            role: users.role,
            silencedUntil: users.silencedUntil,
            silenceReason: users.silenceReason,
            suspendedUntil: users.suspendedUntil,
            revokedAt: sessions.revokedAt,
            deletedAt: users.deletedAt,
            expiresAt: sessions.expiresAt,
            lastSeenAt: sessions.lastSeenAt,
          })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(sql`${sessions.id} = ${sql.placeholder('id')}::uuid`),
      ).execute({ id: sessionId });
      if (!row) return null;
      return {
        userId: row.userId,
        role: row.role,
        silence: row.silencedUntil
          ? { until: row.silencedUntil, reason: row.silenceReason ?? '' }
          : null,
        // Suspending revokes the sessions too; this also holds for one that raced it.
        revoked:
          row.revokedAt !== null ||
          row.deletedAt !== null ||
          (row.suspendedUntil !== null && row.suspendedUntil > new Date()),
        expiresAt: row.expiresAt,
        lastSeenAt: row.lastSeenAt,
      };
    },
    async touch(sessionId, at) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
    },
  };
}
