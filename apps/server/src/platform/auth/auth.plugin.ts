import { isStaffRole, type MemberRole } from '@agora/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db';
import { AppError } from '../errors';
import { appWide } from '../plugin';
import { SessionCache, type SessionState, type Silence } from './session-cache';
import { InvalidTokenError, verifyToken } from './tokens';

/** Who is asking, as every service takes it: null where a signed-out visitor may ask too. */
export interface Viewer {
  id: number;
  isStaff: boolean;
}

/** The member behind a request's access token. */
export interface AuthUser extends Viewer {
  sessionId: string;
  role: MemberRole;
  /** While staff have silenced the member (it may have ended since it was read). */
  silence: Silence | null;
}

/** Where the guard reads sessions; the accounts feature provides it. */
export interface SessionSource {
  /** One indexed lookup of the session and its member. Null when there is no such session. */
  find(sessionId: string): Promise<SessionState | null>;
  /** Records that the session was used at `at`. */
  touch(sessionId: string, at: Date): Promise<void>;
}

export interface RevokedSession {
  sessionId: string;
  userId: number;
}

/** Published on the bus for every revoked session (sockets close on it). */
export const SESSION_REVOKED_TOPIC = 'auth.session-revoked';
/** Published when a member's role or silence changed: every instance reads it afresh. */
export const MEMBER_CHANGED_TOPIC = 'auth.member-changed';

export interface AuthGuard {
  /** The member behind an access token (sockets pass theirs in the query); throws a 401. */
  verifyAccess(token: string): Promise<AuthUser>;
  /** Call after revoking sessions in the database: this instance refuses them at once, others on the bus event. */
  sessionsRevoked(revoked: RevokedSession[]): Promise<void>;
  /** Call after changing a member's role or silence: every instance reads them afresh at once. */
  memberChanged(userId: number): Promise<void>;
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthGuard;
    /** `onRequest: app.authenticate`: 401 unless a valid access token of a live session is sent. */
    authenticate: Hook;
    /** Like `authenticate`, but a request without Authorization goes through as anonymous. */
    authenticateOptional: Hook;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; null for anonymous requests. Read it with `currentUser(request)`. */
    user: AuthUser | null;
  }
}

export interface AuthPluginOptions {
  jwtSecret: string;
  sessions: (db: Database) => SessionSource;
  clock?: () => Date;
}

/** How long a checked session is trusted without a new lookup (revocations evict at once). */
const CACHE_TTL_MS = 15_000;
/** last_seen_at is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;

export const SESSION_EXPIRED_MESSAGE =
  'Your session has expired or was signed out; sign in again to continue.';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The authenticated member; a 401 when the route forgot `onRequest: app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthenticated');
  return request.user;
}

export const authPlugin = appWide<AuthPluginOptions>('agora-auth', async (app, options) => {
  const clock = options.clock ?? (() => new Date());
  const source = options.sessions(app.db);
  const cache = new SessionCache(CACHE_TTL_MS);

  async function sessionState(sessionId: string, now: Date): Promise<SessionState | null> {
    const cached = cache.get(sessionId, now.getTime());
    if (cached) return cached;
    const found = await source.find(sessionId);
    if (found) cache.set(sessionId, found, now.getTime());
    return found;
  }

  async function verifyAccess(token: string): Promise<AuthUser> {
    const now = clock();
    let claims;
    try {
      claims = await verifyToken(options.jwtSecret, token, 'access', now);
    } catch (error) {
      if (error instanceof InvalidTokenError)
        throw new AppError('unauthenticated', SESSION_EXPIRED_MESSAGE);
      throw error;
    }
    const state = await sessionState(claims.sessionId, now);
    if (
      !state ||
      state.revoked ||
      state.userId !== claims.userId ||
      state.expiresAt.getTime() <= now.getTime()
    ) {
      throw new AppError('unauthenticated', SESSION_EXPIRED_MESSAGE);
    }
    if (now.getTime() - state.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      state.lastSeenAt = now;
      await source.touch(claims.sessionId, now);
    }
    return {
      id: claims.userId,
      sessionId: claims.sessionId,
      isStaff: isStaffRole(state.role),
      role: state.role,
      silence: state.silence,
    };
  }

  function bearerOf(request: FastifyRequest): string | undefined {
    const header = request.headers.authorization;
    if (header === undefined) return undefined;
    const token = BEARER.exec(header)?.[1];
    if (!token) throw new AppError('unauthenticated', SESSION_EXPIRED_MESSAGE);
    return token;
  }

  app.decorateRequest('user', null);
  app.decorate('auth', {
    verifyAccess,
    async sessionsRevoked(revoked) {
      const now = clock().getTime();
      for (const { sessionId, userId } of revoked) cache.revoke(sessionId, userId, now);
      await Promise.all(
        revoked.map(({ sessionId, userId }) =>
          app.bus.publish(SESSION_REVOKED_TOPIC, { sessionId, userId }).catch((error: unknown) => {
            app.log.error({ err: error, sessionId }, 'could not publish a session revocation');
          }),
        ),
      );
    },
    async memberChanged(userId) {
      cache.forgetMember(userId);
      await app.bus.publish(MEMBER_CHANGED_TOPIC, { userId });
    },
  } satisfies AuthGuard);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerOf(request);
    if (!token) throw new AppError('unauthenticated');
    request.user = await verifyAccess(token);
  });
  app.decorate('authenticateOptional', async (request: FastifyRequest) => {
    const token = bearerOf(request);
    request.user = token ? await verifyAccess(token) : null;
  });

  const unsubscribe = await app.bus.subscribe(SESSION_REVOKED_TOPIC, (payload) => {
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return;
    const { sessionId, userId } = payload;
    if (typeof sessionId === 'string' && typeof userId === 'number') {
      cache.revoke(sessionId, userId, clock().getTime());
    }
  });
  const unsubscribeChanges = await app.bus.subscribe(MEMBER_CHANGED_TOPIC, (payload) => {
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return;
    if (typeof payload.userId === 'number') cache.forgetMember(payload.userId);
  });
  app.addHook('onClose', async () => {
    await unsubscribe();
    await unsubscribeChanges();
  });
});
