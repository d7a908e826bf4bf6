import {
  ZAppleLogin,
  ZAuthProviders,
  ZFacebookLogin,
  ZFacebookLoginResponse,
  ZGoogleLogin,
  ZSocialLoginResponse,
} from '@agora/shared';
import { presentSignedIn } from './auth.presenter';
import { clientOf, type AuthApp, type AuthRouteDeps } from './auth.routes';
import { appleIdentity, facebookIdentity, googleIdentity } from './social-providers';
import { socialSignIn } from './social.service';

export function socialRoutes(app: AuthApp, { ctx, ipLimit }: AuthRouteDeps): void {
  const tags = ['social sign-in'];
  const { config } = ctx;

  app.get(
    '/providers/',
    {
      schema: {
        tags,
        summary: 'Which social sign-in providers are on: their public client ids, or null.',
        response: { 200: ZAuthProviders },
      },
    },
    async () => ({
      google: config.googleClientId ?? null,
      apple: config.appleClientId ?? null,
      facebook: (config.facebookAppSecret && config.facebookAppId) || null,
    }),
  );

  app.post(
    '/google/',
    {
      onRequest: ipLimit,
      schema: {
        tags,
        summary: 'Sign in with a Google OAuth access token.',
        body: ZGoogleLogin,
        response: { 200: ZSocialLoginResponse },
      },
    },
    async (request) => {
      const identity = await googleIdentity(config, request.body.access_token);
      const result = await socialSignIn(ctx, identity, clientOf(request));
      return { ...presentSignedIn(result, ctx.storage), isNewUser: result.isNewUser };
    },
  );

  app.post(
    '/apple/',
    {
      onRequest: ipLimit,
      schema: {
        tags,
        summary: 'Sign in with Apple: the id_token is verified against Apple’s keys.',
        body: ZAppleLogin,
        response: { 200: ZSocialLoginResponse },
      },
    },
    async (request) => {
      const identity = await appleIdentity(config, request.body.id_token, ctx.now());
      const result = await socialSignIn(ctx, identity, clientOf(request));
      return { ...presentSignedIn(result, ctx.storage), isNewUser: result.isNewUser };
    },
  );

  app.post(
    '/facebook/',
    {
      onRequest: ipLimit,
      schema: {
        tags,
        summary:
          'Sign in with a Facebook access token; `key` repeats the access token, `expiredAt` is its expiry.',
        body: ZFacebookLogin,
        response: { 200: ZFacebookLoginResponse },
      },
    },
    async (request) => {
      const identity = await facebookIdentity(config, request.body.access_token);
      const result = await socialSignIn(ctx, identity, clientOf(request));
      return {
        ...presentSignedIn(result, ctx.storage),
        isNewUser: result.isNewUser,
        key: result.tokens.access,
        expiredAt: result.tokens.accessExpiresAt.toISOString(),
      };
    },
  );
}
