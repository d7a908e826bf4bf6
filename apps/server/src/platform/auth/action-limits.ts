import type { onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../errors';
import { appWide } from '../plugin';
import { currentUser } from './auth.plugin';
import type { ActionLimits, LimitedAction } from './limit-windows';
import { refuseWhileSilenced } from './restrictions';

const NOUNS: Record<LimitedAction, string> = {
  posts: 'posts',
  comments: 'comments',
  likes: 'likes',
  reports: 'reports',
  chat_messages: 'messages',
  chat_starts: 'new chats',
  uploads: 'uploads',
};

/** What a silenced member may not do; they may still like, vote and report. */
const SILENCED_ACTIONS = new Set<LimitedAction>([
  'posts',
  'comments',
  'chat_messages',
  'chat_starts',
  'uploads',
]);

/** A wait as a member reads it: seconds, then minutes, then hours. */
export function waitInWords(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The hook that counts this member's `action` and answers 429 with `Retry-After` past its
     * limits, or 403 while staff have silenced the member and the action is one a silence
     * stops; it runs after `authenticate`. Staff are not limited.
     */
    actionLimit(action: LimitedAction): onRequestAsyncHookHandler;
  }
}

/**
 * Per-member limits on writes, counted where the rate-limit plugin counts (Redis when
 * REDIS_URL is set, so every instance shares them; memory otherwise).
 */
export const actionLimitsPlugin = appWide<{ limits: ActionLimits }>(
  'agora-action-limits',
  async (app, { limits }) => {
    // One hook per action, made once: in memory each limiter keeps its own counts, and every
    // route of an action (a post is a discussion, a poll or a quiz) must share them.
    const hooks = new Map<LimitedAction, onRequestAsyncHookHandler>();
    const makeHook = (action: LimitedAction): onRequestAsyncHookHandler => {
      const checks = limits[action].map((window) =>
        app.createRateLimit({
          max: window.max,
          timeWindow: window.seconds * 1000,
          keyGenerator: (request) => `${action}:${window.seconds}:${currentUser(request).id}`,
          allowList: (request) => request.user?.isStaff === true,
        }),
      );
      const silenceable = SILENCED_ACTIONS.has(action);
      return async (request, reply) => {
        if (silenceable) refuseWhileSilenced(currentUser(request).silence);
        for (const check of checks) {
          const result = await check(request);
          if (result.isAllowed || !result.isExceeded) continue;
          reply.header('retry-after', String(result.ttlInSeconds));
          throw new AppError(
            'rate_limited',
            `You have sent too many ${NOUNS[action]} in a short time. Please wait ${waitInWords(result.ttlInSeconds)} and try again.`,
          );
        }
      };
    };
    app.decorate('actionLimit', (action: LimitedAction) => {
      const hook = hooks.get(action) ?? makeHook(action);
      hooks.set(action, hook);
      return hook;
    });
  },
);
