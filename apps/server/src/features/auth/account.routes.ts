import { ZDeleteAccount } from '@agora/shared';
import { z } from 'zod';
import { currentUser } from '../../platform/auth';
import { deleteAccount } from './account.service';
import type { AuthApp, AuthRouteDeps } from './auth.routes';

export function accountRoutes(app: AuthApp, { ctx, ipLimit }: AuthRouteDeps): void {
  const noContent = { 204: z.null().describe('Done.') };

  app.delete(
    '/user/',
    {
      onRequest: [app.authenticate, ipLimit],
      schema: {
        tags: ['users'],
        summary:
          'Delete your account (password again; social-only accounts: a sign-in within the last 10 minutes).',
        body: ZDeleteAccount,
        response: noContent,
      },
    },
    async (request, reply) => {
      await deleteAccount(ctx, currentUser(request).id, request.body.password);
      return reply.code(204).send(null);
    },
  );
}
