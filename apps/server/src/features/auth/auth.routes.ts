import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './account.routes';
import { authContext, type AuthContext } from './auth.context';
import type { ClientInfo } from './device';
import { loginRoutes } from './login.routes';
import { AccountLockedError } from './login.service';
import { passwordRoutes } from './password.routes';
import { registrationRoutes } from './registration.routes';
import { sessionRoutes } from './sessions.routes';
import { socialRoutes } from './social.routes';

export type AuthApp = Parameters<FastifyPluginAsyncZod>[0];

export interface AuthRouteDeps {
  ctx: AuthContext;
  /** Per-IP limit shared by every endpoint that checks a credential or sends a mail. */
  ipLimit: onRequestHookHandler;
}

export const clientOf = (request: FastifyRequest): ClientInfo => ({
  userAgent: request.headers['user-agent'] ?? '',
  ip: request.ip ?? '',
});

/** Everything under /auth/ that is about signing in and out. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AuthRouteDeps = {
    ctx: authContext(app),
    ipLimit: app.rateLimit({
      max: app.config.authRateLimitMax,
      timeWindow: app.config.authRateLimitWindowSeconds * 1000,
    }),
  };
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof AccountLockedError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
  });
  loginRoutes(app, deps);
  registrationRoutes(app, deps);
  passwordRoutes(app, deps);
  sessionRoutes(app, deps);
  socialRoutes(app, deps);
  accountRoutes(app, deps);
};
