import {
  ZDetailMessage,
  ZPasswordChange,
  ZPasswordReset,
  ZPasswordResetConfirm,
} from '@agora/shared';
import { z } from 'zod';
import { currentUser } from '../../platform/auth';
import type { AuthApp, AuthRouteDeps } from './auth.routes';
import {
  PASSWORD_CHANGED,
  PASSWORD_RESET_DONE,
  RESET_ANSWER,
  changePassword,
  confirmPasswordReset,
  requestPasswordReset,
} from './password.service';

export function passwordRoutes(app: AuthApp, { ctx, ipLimit }: AuthRouteDeps): void {
  const tags = ['auth'];

  app.post(
    '/password/change/',
    {
      onRequest: [app.authenticate, ipLimit],
      schema: {
        tags,
        summary: 'Change your password; your other sessions are signed out.',
        body: ZPasswordChange,
        response: { 200: ZDetailMessage },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await changePassword(ctx, user, request.body);
      return { detail: PASSWORD_CHANGED };
    },
  );

  app.post(
    '/password/reset/',
    {
      onRequest: ipLimit,
      schema: {
        tags,
        summary:
          'Mail a password reset link (1 hour, single use); the answer never says whether the address has an account.',
        body: ZPasswordReset,
        response: { 200: ZDetailMessage },
      },
    },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email);
      return { detail: RESET_ANSWER };
    },
  );

  app.post(
    '/password/reset/confirm/:uid/:token/',
    {
      onRequest: ipLimit,
      schema: {
        tags,
        summary: 'Choose a new password with the mailed link; every session is signed out.',
        params: z.object({ uid: z.string().max(40), token: z.string().max(200) }),
        body: ZPasswordResetConfirm,
        response: { 200: ZDetailMessage },
      },
    },
    async (request) => {
      const { uid, token } = request.params;
      await confirmPasswordReset(ctx, uid, token, request.body);
      return { detail: PASSWORD_RESET_DONE };
    },
  );
}
