import type {
  AuditEntry,
  AuditPage,
  ContentVisibility,
  MemberStanding,
  MemberStandingList,
  NotificationItem,
  PrivateUser,
} from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAccountsTestApp,
  logIn,
  PASSWORD,
  signUp,
  type Member,
} from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { CHATS, openSocket, startChat } from '../../../test/chat';
import { as, countRows, makeStaff, postComment, postDiscussion } from '../../../test/forums';
import { sampleFiles, upload } from '../../../test/media';
import { reportBy } from '../../../test/moderation';
import { eventsHandled, notificationPage } from '../../../test/notifications';

const MEMBERS = '/api/moderation/members/';
const AUDIT = '/api/moderation/audit/';
const member = (name: string, action = '') => `${MEMBERS}${name}/${action ? `${action}/` : ''}`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('staff: roles, silence, suspension, hiding content and the audit log', () => {
  let t: TestApp;
  let admin: Member;
  let mod: Member;
  let ada: Member;
  let bob: Member;
  let cyd: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    [admin, mod, ada, bob, cyd] = await Promise.all([
      signUp(t, 'root'),
      signUp(t, 'mod'),
      signUp(t, 'ada'),
      signUp(t, 'bob'),
      signUp(t, 'cyd'),
    ]);
    await makeStaff(t, admin, 'admin');
    await makeStaff(t, mod, 'moderator');
  });
  afterAll(() => t.close());

  const lastAuditId = async () => {
    const { rows } = await t.db.execute<{ last: number }>(
      sql`select coalesce(max(id), 0)::int as last from staff_actions`,
    );
    return rows[0]?.last ?? 0;
  };
  const auditSince = async (id: number) => {
    const response = await as(t, mod).get(AUDIT);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditPage>().results.filter((entry) => entry.id > id);
  };
  const standingRow = async (username: string) => {
    const { rows } = await t.db.execute<{
      role: string;
      silenced_until: Date | null;
      suspended_until: Date | null;
    }>(sql`select role, silenced_until, suspended_until from users where username = ${username}`);
    return rows[0];
  };
  const me = async (who: Member) => {
    const response = await as(t, who).get('/auth/user/');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PrivateUser>();
  };

  describe('who may call', () => {
    const routes: [string, string, object?][] = [
      ['GET', MEMBERS],
      ['GET', member('ada')],
      ['POST', member('ada', 'silence'), { until: inDays(1), reason: 'Spam' }],
      ['POST', member('ada', 'unsilence'), {}],
      ['POST', member('ada', 'suspend'), { until: inDays(1), reason: 'Spam' }],
      ['POST', member('ada', 'unsuspend'), {}],
      ['PUT', member('ada', 'role'), { role: 'moderator' }],
      ['POST', '/api/moderation/content/forum/1/hide/', { reason: 'Spam' }],
      ['POST', '/api/moderation/content/forum/1/restore/', {}],
      ['GET', AUDIT],
    ];

    it.each(routes)(
      '%s %s answers 401 signed out and 403 to a member',
      async (method, url, body) => {
        const before = await lastAuditId();
        const signedOut = await t.app.inject({ method: method as 'GET', url, payload: body });
        expect(signedOut.statusCode).toBe(401);
        const asMember = await t.app.inject({
          method: method as 'GET',
          url,
          payload: body,
          headers: bearer(ada.access),
        });
        expect(asMember.statusCode).toBe(403);
        expect(asMember.json()).toEqual({ detail: expect.any(String) });
        expect(await lastAuditId()).toBe(before);
        expect(await standingRow('ada')).toEqual({
          role: 'member',
          silenced_until: null,
          suspended_until: null,
        });
      },
    );

    it('lets only admins change roles: a moderator gets 403 and nothing changes', async () => {
      const before = await lastAuditId();
      const response = await as(t, mod).put(member('ada', 'role'), { role: 'admin' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Only admins can change roles.' });
      expect((await standingRow('ada'))?.role).toBe('member');
      expect(await lastAuditId()).toBe(before);
    });
  });

  describe('members', () => {
    it('finds members by the start of their username, any case, with their standing', async () => {
      const response = await as(t, mod).get(`${MEMBERS}?q=AD`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<MemberStandingList>().results).toEqual<MemberStanding[]>([
        {
          id: ada.user.id,
          username: 'ada',
          avatar: null,
          role: 'member',
          dateJoined: ada.user.dateJoined,
          silence: null,
          suspension: null,
        },
      ]);
    });

    it('lists staff and restricted members when nothing is searched', async () => {
      const response = await as(t, mod).get(MEMBERS);
      const names = response
        .json<MemberStandingList>()
        .results.map((standing) => standing.username);
      expect(names).toEqual(expect.arrayContaining(['mod', 'root']));
      expect(names).not.toContain('cyd');
    });

    it('answers 404 for an unknown member', async () => {
      const response = await as(t, mod).get(member('nobody'));
      expect(response.statusCode).toBe(404);
      expect(response.json<{ detail: string }>().detail).toContain('nobody');
    });
  });

  describe('silence', () => {
    it.each([
      [{ reason: 'Spam' }, 'until'],
      [{ until: 'tomorrow', reason: 'Spam' }, 'until'],
      [{ until: inDays(-1), reason: 'Spam' }, 'until'],
      [{ until: inDays(4000), reason: 'Spam' }, 'until'],
      [{ until: inDays(1) }, 'reason'],
      [{ until: inDays(1), reason: '   ' }, 'reason'],
      [{ until: inDays(1), reason: 'x'.repeat(501) }, 'reason'],
      [{ until: inDays(1), reason: 'a\u0000b' }, 'reason'],
    ])('refuses %o with a 400 naming %s, writing nothing', async (body, field) => {
      const before = await lastAuditId();
      const response = await as(t, mod).post(member('bob', 'silence'), body);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json())).toEqual([field]);
      expect((await standingRow('bob'))?.silenced_until).toBeNull();
      expect(await lastAuditId()).toBe(before);
    });

    it('refuses to silence staff or oneself', async () => {
      const before = await lastAuditId();
      const staff = await as(t, mod).post(member('root', 'silence'), {
        until: inDays(1),
        reason: 'No',
      });
      expect(staff.statusCode).toBe(403);
      expect(staff.json<{ detail: string }>().detail).toBe(
        'root is admin: an admin must make them a member before anyone can silence them.',
      );
      const self = await as(t, mod).post(member('MOD', 'suspend'), {
        until: inDays(1),
        reason: 'No',
      });
      expect(self.statusCode).toBe(403);
      expect(await lastAuditId()).toBe(before);
    });

    it('stops posting, commenting, chatting and uploading, and tells the member why and until when', async () => {
      const discussion = await postDiscussion(t, cyd);
      const chat = await startChat(t, bob, cyd);
      const before = await lastAuditId();
      const until = '2030-01-02T03:04:00.000Z';
      const response = await as(t, mod).post(member('Bob', 'silence'), {
        until,
        reason: ' Repeated spam links. ',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<MemberStanding>()).toMatchObject({
        username: 'bob',
        silence: { until, reason: 'Repeated spam links.' },
        suspension: null,
      });
      expect((await me(bob)).silence).toEqual({ until, reason: 'Repeated spam links.' });

      const rowsBefore = await Promise.all(
        ['discussions', 'comments', 'chat_messages', 'files'].map((table) => countRows(t, table)),
      );
      const refused = [
        await as(t, bob).post('/api/forums/forums/', { title: 'Buy now', content: 'Cheap.' }),
        await as(t, bob).post('/api/forums/forums-comment/', {
          forum: discussion.id,
          content: 'Cheap.',
        }),
        await as(t, bob).post(`${CHATS}/${chat.chatId}/send_messages/`, { newmessage: 'Cheap.' }),
        await as(t, bob).post(`${CHATS}/`, { member: ada.user.id, newmessage: 'Cheap.' }),
        await upload(t, bob, { file: sampleFiles.png(), filename: 'a.png', name: 'a.png' }),
        await as(t, bob).put('/auth/user/', { bio: 'Cheap pills at example.com' }),
      ];
      for (const answer of refused) {
        expect(answer.statusCode, answer.body).toBe(403);
        expect(answer.json()).toEqual({
          detail:
            'Staff have silenced your account until 2 January 2030 at 03:04 UTC: you can read, but not post, comment, chat, upload or change your profile. The reason given: Repeated spam links.',
        });
      }
      expect(
        await Promise.all(
          ['discussions', 'comments', 'chat_messages', 'files'].map((table) => countRows(t, table)),
        ),
      ).toEqual(rowsBefore);
      expect((await me(bob)).bio).toBe('');
      // Reading and liking stay open.
      expect((await as(t, bob).get(`/api/forums/forums/${discussion.id}/`)).statusCode).toBe(200);
      expect(
        (await as(t, bob).post('/api/forums/like/', { model: 'forum', id: discussion.id }))
          .statusCode,
      ).toBeLessThan(300);

      const [entry] = await auditSince(before);
      expect(entry).toMatchObject<Partial<AuditEntry>>({
        action: 'member_silenced',
        actor: { id: mod.user.id, username: 'mod', avatar: null, role: 'moderator' },
        member: { id: bob.user.id, username: 'bob', avatar: null },
        summary: 'bob',
        reason: 'Repeated spam links.',
        details: 'until 2 January 2030 at 03:04 UTC',
        model: null,
        objectId: null,
        url: null,
      });

      const lifted = await as(t, mod).post(member('bob', 'unsilence'), { reason: 'Apologised.' });
      expect(lifted.statusCode, lifted.body).toBe(200);
      expect(lifted.json<MemberStanding>().silence).toBeNull();
      expect((await me(bob)).silence).toBeNull();
      await postComment(t, bob, discussion.id, 'Sorry about that.');
      const entries = await auditSince(before);
      expect(entries.map((e) => [e.action, e.reason])).toEqual([
        ['member_unsilenced', 'Apologised.'],
        ['member_silenced', 'Repeated spam links.'],
      ]);

      // Lifting what is not in force changes nothing and logs nothing.
      const again = await as(t, mod).post(member('bob', 'unsilence'));
      expect(again.statusCode, again.body).toBe(200);
      expect(await auditSince(before)).toHaveLength(2);
    });
  });

  describe('suspension', () => {
    it('ends sessions and sockets at once, refuses sign-in with the reason, and can be lifted', async () => {
      const dee = await signUp(t, 'dee');
      const socket = await openSocket(t.app, dee.access);
      const response = await as(t, mod).post(member('dee', 'suspend'), {
        until: '2031-05-06T07:08:00.000Z',
        reason: 'Threats.',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<MemberStanding>().suspension).toEqual({
        until: '2031-05-06T07:08:00.000Z',
        reason: 'Threats.',
      });
      await socket.closed;
      expect((await as(t, dee).get('/auth/user/')).statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/token/refresh/',
        payload: { refresh: dee.refresh },
      });
      expect(refresh.statusCode).toBe(401);
      const login = await t.app.inject({
        method: 'POST',
        url: '/auth/login/',
        payload: { username: 'dee', password: PASSWORD },
      });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toEqual({
        detail:
          'Staff have suspended your account until 6 May 2031 at 07:08 UTC. The reason given: Threats.',
      });
      // A wrong password learns nothing about the suspension.
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/auth/login/',
        payload: { username: 'dee', password: 'not the password' },
      });
      expect(wrong.statusCode).toBe(400);

      expect((await as(t, mod).post(member('dee', 'unsuspend'))).statusCode).toBe(200);
      const back = await logIn(t, 'dee');
      expect(back.user.username).toBe('dee');
    });
  });

  describe('roles', () => {
    it('lets an admin make a member a moderator, who can then review, and logs it', async () => {
      const before = await lastAuditId();
      const eve = await signUp(t, 'eve');
      expect((await as(t, eve).get('/api/moderation/reports/')).statusCode).toBe(403);
      const response = await as(t, admin).put(member('eve', 'role'), { role: 'moderator' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<MemberStanding>().role).toBe('moderator');
      // At once, though eve's session was read a moment ago.
      expect((await as(t, eve).get('/api/moderation/reports/')).statusCode).toBe(200);
      expect(await me(eve)).toMatchObject({ role: 'moderator', isStaff: true });
      expect((await auditSince(before)).map((e) => [e.action, e.summary, e.details])).toEqual([
        ['role_changed', 'eve', 'Member → Moderator'],
      ]);
      // The same role again changes and logs nothing.
      await as(t, admin).put(member('eve', 'role'), { role: 'moderator' });
      expect(await auditSince(before)).toHaveLength(1);
      expect((await as(t, admin).put(member('eve', 'role'), { role: 'member' })).statusCode).toBe(
        200,
      );
      expect((await as(t, eve).get('/api/moderation/reports/')).statusCode).toBe(403);
    });

    it('refuses a bad role (400 naming it) and an admin changing their own role', async () => {
      const bad = await as(t, admin).put(member('ada', 'role'), { role: 'owner' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['role']);
      const own = await as(t, admin).put(member('root', 'role'), { role: 'member' });
      expect(own.statusCode).toBe(403);
      expect((await standingRow('root'))?.role).toBe('admin');
    });

    it("shows staff's role on what they write, for a badge", async () => {
      const discussion = await postDiscussion(t, mod, { title: 'House rules' });
      expect(discussion.author).toEqual({
        id: mod.user.id,
        username: 'mod',
        avatar: null,
        role: 'moderator',
      });
      const comment = await postComment(t, ada, discussion.id);
      expect(comment.author).toEqual({ id: ada.user.id, username: 'ada', avatar: null });
    });
  });

  describe('content', () => {
    it('hides and restores content that was never reported, logging both', async () => {
      const discussion = await postDiscussion(t, ada, { title: 'Off the rails', content: 'Rant.' });
      const before = await lastAuditId();
      const hidden = await as(t, mod).post(`/api/moderation/content/forum/${discussion.id}/hide/`, {
        reason: 'Personal attacks.',
      });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(hidden.json<ContentVisibility>()).toEqual({
        model: 'forum',
        id: discussion.id,
        state: 'hidden',
      });
      expect((await as(t, bob).get(`/api/forums/forums/${discussion.id}/`)).statusCode).toBe(404);
      const restored = await as(t, mod).post(
        `/api/moderation/content/forum/${discussion.id}/restore/`,
      );
      expect(restored.json<ContentVisibility>().state).toBe('visible');
      expect((await as(t, bob).get(`/api/forums/forums/${discussion.id}/`)).statusCode).toBe(200);
      expect(
        (await auditSince(before)).map((e) => [e.action, e.summary, e.url, e.member?.username]),
      ).toEqual([
        ['content_restored', 'Off the rails: Rant.', `/discussions/${discussion.id}`, 'ada'],
        ['content_hidden', 'Off the rails: Rant.', `/discussions/${discussion.id}`, 'ada'],
      ]);
    });

    it('answers 404 for content that does not exist and 400 for a bad model or no reason', async () => {
      expect(
        (await as(t, mod).post('/api/moderation/content/forum/999999/hide/', { reason: 'x' }))
          .statusCode,
      ).toBe(404);
      const model = await as(t, mod).post('/api/moderation/content/page/1/hide/', { reason: 'x' });
      expect(model.statusCode).toBe(400);
      expect(Object.keys(model.json())).toEqual(['model']);
      const reason = await as(t, mod).post('/api/moderation/content/forum/1/hide/', {});
      expect(reason.statusCode).toBe(400);
      expect(Object.keys(reason.json())).toEqual(['reason']);
    });
  });

  describe('reports', () => {
    it('logs the decision and tells each reporter the outcome, naming no moderator', async () => {
      const discussion = await postDiscussion(t, ada, { title: 'Free money' });
      await reportBy(t, [bob, cyd], 'forum', discussion.id);
      const before = await lastAuditId();
      const decided = await as(t, mod).post(`/api/moderation/reports/forum/${discussion.id}/hide/`);
      expect(decided.statusCode, decided.body).toBe(200);
      expect((await auditSince(before)).map((e) => [e.action, e.details])).toEqual([
        ['reports_upheld', '2 reports: spam or advertising'],
      ]);
      await eventsHandled(t);
      for (const reporter of [bob, cyd]) {
        const [told] = (await notificationPage(t, reporter)).results;
        expect(told).toMatchObject<Partial<NotificationItem>>({
          verb: 'report_upheld',
          message: 'Moderators reviewed your report and hid “Free money”',
          actor: { id: reporter.user.id, username: 'Moderators', avatar: null },
        });
      }

      const other = await postDiscussion(t, ada, { title: 'Fine post' });
      await reportBy(t, [bob], 'forum', other.id);
      await as(t, mod).post(`/api/moderation/reports/forum/${other.id}/dismiss/`);
      await eventsHandled(t);
      const [told] = (await notificationPage(t, bob)).results;
      expect(told?.message).toBe(
        'Moderators reviewed your report about “Fine post” and left it up',
      );
    });
  });

  describe('audit log', () => {
    it('pages newest first, keeps one member on request, and refuses an unknown one', async () => {
      const page = await as(t, mod).get(`${AUDIT}?limit=2`);
      const body = page.json<AuditPage>();
      const [first, second] = body.results.map((entry) => entry.id);
      expect(body.results).toHaveLength(2);
      expect(first).toBeGreaterThan(second ?? Infinity);
      const next = await as(t, mod).get(`${AUDIT}?limit=2&cursor=${body.next}`);
      expect(next.json<AuditPage>().results[0]?.id).toBeLessThan(second ?? 0);

      const bobs = await as(t, mod).get(`${AUDIT}?member=BOB`);
      const entries = bobs.json<AuditPage>().results;
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.every((entry) => entry.member?.username === 'bob')).toBe(true);

      const unknown = await as(t, mod).get(`${AUDIT}?member=nobody`);
      expect(unknown.statusCode).toBe(400);
      expect(Object.keys(unknown.json())).toEqual(['member']);
    });

    it('is append-only in the database', async () => {
      // The driver wraps the database's error; its cause carries the trigger's message.
      const refusal = (statement: Promise<unknown>) =>
        statement.then(
          () => 'accepted',
          (error: unknown) => String(error instanceof Error ? error.cause : error),
        );
      for (const statement of [
        sql`update staff_actions set reason = 'changed'`,
        sql`delete from staff_actions`,
        sql`truncate staff_actions`,
      ]) {
        expect(await refusal(t.db.execute(statement))).toMatch(/append-only/);
      }
      expect(await countRows(t, 'staff_actions')).toBeGreaterThan(0);
    });
  });
});
