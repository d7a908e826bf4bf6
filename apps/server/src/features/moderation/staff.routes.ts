import {
  ZAuditPage,
  ZAuditQuery,
  ZContentVisibility,
  ZHideContent,
  ZLiftRestriction,
  ZMemberParams,
  ZMemberStanding,
  ZMemberStandingList,
  ZMemberStandingQuery,
  ZReportedObjectParams,
  ZRestoreContent,
  ZRestrictMember,
  ZSetRole,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin, requireStaff } from '../../platform/auth';
import { listStaffActions } from './audit.service';
import { moderationContext } from './moderation.context';
import { setContentState } from './review.service';
import {
  changeRole,
  findStanding,
  liftRestriction,
  restrictMember,
  searchStandings,
  type RestrictionKind,
} from './standing.service';

const RESTRICTIONS: Record<RestrictionKind, { impose: string; lift: string }> = {
  silence: {
    impose:
      'Silence a member until a time, with a reason they are shown: they read, but cannot post, comment, chat, upload or change their profile.',
    lift: 'End a silence now.',
  },
  suspend: {
    impose:
      'Suspend a member until a time, with a reason they are shown at sign-in: their sessions and sockets end now.',
    lift: 'End a suspension now.',
  },
};

/** Under /api/moderation/: members' standing, staff hiding content, and the audit log. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = moderationContext(app);
  const tags = ['moderation'];
  const onRequest = [app.authenticate, requireStaff];

  app.get(
    '/members/',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Members whose username starts with `q`; without it, staff and the members silenced or suspended now.',
        querystring: ZMemberStandingQuery,
        response: { 200: ZMemberStandingList },
      },
    },
    async (request) => ({ results: await searchStandings(ctx, request.query.q) }),
  );

  app.get(
    '/members/:username/',
    {
      onRequest,
      schema: {
        tags,
        summary: "A member's role, silence and suspension.",
        params: ZMemberParams,
        response: { 200: ZMemberStanding },
      },
    },
    async (request) => findStanding(ctx, request.params.username),
  );

  for (const kind of ['silence', 'suspend'] as const) {
    app.post(
      `/members/:username/${kind}/`,
      {
        onRequest,
        schema: {
          tags,
          summary: RESTRICTIONS[kind].impose,
          params: ZMemberParams,
          body: ZRestrictMember,
          response: { 200: ZMemberStanding },
        },
      },
      async (request) =>
        restrictMember(ctx, currentUser(request), request.params.username, kind, request.body),
    );
    app.post(
      `/members/:username/un${kind}/`,
      {
        onRequest,
        schema: {
          tags,
          summary: RESTRICTIONS[kind].lift,
          params: ZMemberParams,
          body: ZLiftRestriction,
          response: { 200: ZMemberStanding },
        },
      },
      async (request) =>
        liftRestriction(ctx, currentUser(request), request.params.username, kind, request.body),
    );
  }

  app.put(
    '/members/:username/role/',
    {
      onRequest: [app.authenticate, requireAdmin],
      schema: {
        tags,
        summary: 'Give a member a role (admins only, not their own).',
        params: ZMemberParams,
        body: ZSetRole,
        response: { 200: ZMemberStanding },
      },
    },
    async (request) =>
      changeRole(ctx, currentUser(request), request.params.username, request.body.role),
  );

  const VISIBILITY = [
    {
      action: 'hide',
      state: 'hidden',
      body: ZHideContent,
      summary: 'Hide content from everyone but its author and staff, reported or not.',
    },
    {
      action: 'restore',
      state: 'visible',
      body: ZRestoreContent,
      summary: 'Show hidden content again.',
    },
  ] as const;
  for (const { action, state, body, summary } of VISIBILITY) {
    app.post(
      `/content/:model/:id/${action}/`,
      {
        onRequest,
        schema: {
          tags,
          summary,
          params: ZReportedObjectParams,
          body,
          response: { 200: ZContentVisibility },
        },
      },
      async (request) =>
        setContentState(ctx, currentUser(request), request.params, state, request.body.reason),
    );
  }

  app.get(
    '/audit/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Every staff action, newest first; `member` keeps those about one member.',
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage },
      },
    },
    async (request) => {
      const page = await listStaffActions(ctx, request.query);
      return { results: page.rows, next: page.next };
    },
  );
};
