import {
  ZAuthResponse,
  ZDetailMessage,
  ZRegistration,
  ZResendEmail,
  ZVerifyEmail,
} from '@agora/shared';
import { presentSignedIn } from './auth.presenter';
import { clientOf, type AuthApp, type AuthRouteDeps } from './auth.routes';
import { RESEND_ANSWER, register, resendVerification, verifyEmail } from './registration.service';

export const EMAIL_VERIFIED = 'Thank you: your email address is confirmed.';

export function registrationRoutes(app: AuthApp, { ctx, ipLimit }: AuthRouteDeps): void {
  const tags = ['auth'];

  app.post(
    '/registration/',
    {
      onRequest: ipLimit,
      schema: {
        tags,
        summary: 'Sign up; signs the new member in and mails an email-confirmation link.',
        body: ZRegistration,
        response: { 201: ZAuthResponse },
      },
    },
    async (request, reply) => {
      const signedIn = await register(ctx, request.body, clientOf(request));
      return reply.code(201).send(presentSignedIn(signedIn, ctx.storage));
    },
  );

  app.post(
    '/registration/verify-email/',
    {
      onRequest: ipLimit,
      schema: {
        tags,
        summary: 'Confirm an email address with the key of the mailed link.',
        body: ZVerifyEmail,
        response: { 200: ZDetailMessage },
      },
    },
    async (request) => {
      await verifyEmail(ctx, request.body.key);
      return { detail: EMAIL_VERIFIED };
    },
  );

  app.post(
    '/registration/resend-email/',
    {
      onRequest: ipLimit,
      schema: {
        tags,
        summary:
          'Mail a new confirmation link; the answer is the same whether or not the address has an account.',
        body: ZResendEmail,
        response: { 200: ZDetailMessage },
      },
    },
    async (request) => {
      await resendVerification(ctx, request.body.email);
      return { detail: RESEND_ANSWER };
    },
  );
}
