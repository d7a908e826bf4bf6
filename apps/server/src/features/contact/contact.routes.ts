import {
  ZContactMessageInput,
  ZContactMessagePage,
  ZContactMessageQuery,
  ZContactSent,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStaff } from '../../platform/auth';
import { presentPage } from '../../platform/pagination';
import { contactContext } from './contact.context';
import { presentContactMessage } from './contact.presenter';
import { listContactMessages, sendContactMessage } from './contact.service';

/** Under /api/: `contactus/` for anyone, and the staff's list at `moderation/contact/`. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = contactContext(app);
  const tags = ['contact'];

  app.post(
    '/contactus/',
    {
      onRequest: [
        app.rateLimit({
          max: app.config.contactRateLimitMax,
          timeWindow: app.config.contactRateLimitWindowSeconds * 1000,
        }),
        app.authenticateOptional,
      ],
      schema: {
        tags,
        summary:
          'Send the team a message (name, email, subject, message), signed in or not. Kept for staff and mailed to CONTACT_EMAIL when set; limited per IP.',
        body: ZContactMessageInput,
        response: { 201: ZContactSent },
      },
    },
    async (request, reply) => {
      await sendContactMessage(ctx, request.user, request.body);
      return reply.code(201).send({ sent: true });
    },
  );

  app.get(
    '/moderation/contact/',
    {
      onRequest: [app.authenticate, requireStaff],
      schema: {
        tags,
        summary: 'Contact us messages, newest first (staff only).',
        querystring: ZContactMessageQuery,
        response: { 200: ZContactMessagePage },
      },
    },
    async (request) =>
      presentPage(await listContactMessages(ctx, request.query), presentContactMessage),
  );
};
