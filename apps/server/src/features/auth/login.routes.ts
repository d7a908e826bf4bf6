import { ZAuthResponse, ZLogin, ZLoginResponse } from '@agora/shared';
import { z } from 'zod';
import { presentSignedIn } from './auth.presenter';
import { clientOf, type AuthApp, type AuthRouteDeps } from './auth.routes';
import { login, verifyTwoFactor } from './login.service';

export function loginRoutes(app: AuthApp, { ctx, ipLimit }: AuthRouteDeps): void {
  const tags = ['auth'];

  app.post(
    '/login/',
    {
      onRequest: ipLimit,
      schema: {
        tags,
        summary:
          'Sign in with a username or email and a password. With two-factor on, answers {twoFa, detail} and mails a link instead of tokens.',
        body: ZLogin,
        response: { 200: ZLoginResponse },
      },
    },
    async (request) => {
      const result = await login(ctx, request.body, clientOf(request));
      if (result.twoFa) return { twoFa: true as const, detail: result.detail };
      return presentSignedIn(result, ctx.storage);
    },
  );

  app.post(
    '/verify-2fa/:token/',
    {
      onRequest: ipLimit,
      schema: {
        tags,
        summary: 'Finish a two-factor sign-in with the token of the mailed link (empty body).',
        params: z.object({ token: z.string().max(200) }),
        response: { 200: ZAuthResponse },
      },
    },
    async (request) => {
      const signedIn = await verifyTwoFactor(ctx, request.params.token, clientOf(request));
      return presentSignedIn(signedIn, ctx.storage);
    },
  );
}
