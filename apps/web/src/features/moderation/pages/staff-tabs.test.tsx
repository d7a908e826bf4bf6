import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry, MemberStanding, ReportedObject } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, type FakeServer } from '../../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../../test/account-fixtures';

const QUEUE = '/api/moderation/reports/';
const MEMBERS = '/api/moderation/members/';
const AUDIT = '/api/moderation/audit/';

const reported: ReportedObject = {
  model: 'forum',
  id: 12,
  title: 'Cheap watches',
  excerpt: 'Visit my shop.',
  author: { id: 3, username: 'spammer', avatar: null },
  url: '/discussions/12',
  state: 'visible',
  openReports: 1,
  reports: [
    {
      reason: 'spam',
      details: '',
      reporter: { id: 4, username: 'bob', avatar: null },
      createdAt: '2026-03-01T10:00:00.000Z',
    },
  ],
  firstReportedAt: '2026-03-01T10:00:00.000Z',
};

const standing = (changes: Partial<MemberStanding>): MemberStanding => ({
  id: 3,
  username: 'spammer',
  avatar: null,
  role: 'member',
  dateJoined: '2026-01-01T00:00:00.000Z',
  silence: null,
  suspension: null,
  ...changes,
});

const entry = (changes: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actor: { id: 7, username: 'ada', avatar: null, role: 'admin' },
  action: 'member_silenced',
  member: { id: 3, username: 'spammer', avatar: null },
  model: null,
  objectId: null,
  summary: 'spammer',
  url: null,
  reason: 'Adverts',
  details: 'until 3 December 2026 at 14:00 UTC',
  createdAt: '2026-03-01T10:00:00.000Z',
  ...changes,
});

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  signIn();
});
afterEach(restoreHttp);

const asStaff = (role: 'moderator' | 'admin' = 'admin') =>
  server.on('GET', '/auth/user/', { status: 200, data: { ...member, isStaff: true, role } });

describe('staff page', () => {
  it('switches tabs with the keyboard and keeps the tab in the address', async () => {
    asStaff();
    server.on('GET', QUEUE, { status: 200, data: { results: [], next: null } });
    server.on('GET', MEMBERS, { status: 200, data: { results: [] } });
    server.on('GET', AUDIT, { status: 200, data: { results: [], next: null } });
    const user = userEvent.setup();
    const { router } = renderApp('/moderation');
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const reports = screen.getByRole('tab', { name: 'Reports' });
    expect(reports).toHaveAttribute('aria-selected', 'true');

    reports.focus();
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=members'));
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Nobody to list' })).toBeVisible();

    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=log'));
    expect(await screen.findByRole('heading', { name: 'No staff actions yet' })).toBeVisible();
  });

  it('silences a reported author: the reason is required, then the end and reason are sent', async () => {
    asStaff('moderator');
    server.on('GET', QUEUE, { status: 200, data: { results: [reported], next: null } });
    const until = '2026-12-03T14:00:00.000Z';
    server.on('POST', `${MEMBERS}spammer/silence/`, {
      status: 200,
      data: standing({ silence: { until, reason: 'Adverts' } }),
    });
    const user = userEvent.setup();
    renderApp('/moderation');
    const item = await screen.findByRole('article', { name: 'Cheap watches' });
    await user.click(within(item).getByRole('button', { name: 'Silence author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Silence spammer' });

    await user.click(within(dialog).getByRole('button', { name: 'Silence' }));
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect(
      await within(dialog).findByText('Say why: the member is shown this reason.'),
    ).toBeVisible();
    expect(reason).toHaveFocus();
    expect(server.received('POST', `${MEMBERS}spammer/silence/`)).toHaveLength(0);

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'For how long' }),
      '1 week',
    );
    await user.type(reason, 'Adverts');
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Silence' }));
    await waitFor(() =>
      expect(server.received('POST', `${MEMBERS}spammer/silence/`)).toHaveLength(1),
    );
    const sent = bodyOf(server.received('POST', `${MEMBERS}spammer/silence/`)[0]) as {
      until: string;
      reason: string;
    };
    expect(sent.reason).toBe('Adverts');
    const days = (new Date(sent.until).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    expect(await screen.findByText(/spammer is silenced until/)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses a custom end in the past on its field, and shows a refusal from the server', async () => {
    asStaff('moderator');
    server.on('GET', QUEUE, { status: 200, data: { results: [reported], next: null } });
    server.on('POST', `${MEMBERS}spammer/suspend/`, {
      status: 403,
      data: { detail: 'Staff cannot suspend staff.' },
    });
    const user = userEvent.setup();
    renderApp('/moderation');
    const item = await screen.findByRole('article', { name: 'Cheap watches' });
    await user.click(within(item).getByRole('button', { name: 'Suspend author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend spammer' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'For how long' }),
      'Until a date and time…',
    );
    const end = within(dialog).getByLabelText('Ends at (your local time)');
    await user.type(end, '2020-01-01T10:00');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Threats');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Choose a moment in the future.')).toBeVisible();
    expect(end).toHaveFocus();

    await user.clear(end);
    await user.type(end, '2099-01-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Staff cannot suspend staff.')).toBeVisible();
    const sent = bodyOf(server.received('POST', `${MEMBERS}spammer/suspend/`)[0]) as {
      until: string;
    };
    expect(sent.until).toBe(new Date('2099-01-01T10:00').toISOString());
  });

  it('lists members with their restrictions, lifts a silence and lets an admin change roles', async () => {
    asStaff('admin');
    let spammer = standing({
      silence: { until: '2026-12-03T14:00:00.000Z', reason: 'Adverts' },
    });
    server.on('GET', MEMBERS, () => ({
      status: 200,
      data: {
        results: [standing({ id: 7, username: 'ada', role: 'admin' }), spammer],
      },
    }));
    server.on('POST', `${MEMBERS}spammer/unsilence/`, () => {
      spammer = standing({});
      return { status: 200, data: spammer };
    });
    server.on('PUT', `${MEMBERS}spammer/role/`, {
      status: 200,
      data: standing({ role: 'moderator' }),
    });
    const user = userEvent.setup();
    renderApp('/moderation?tab=members');
    const list = await screen.findByRole('list', { name: 'Staff and restricted members' });
    const me = within(list).getByRole('listitem', { name: 'ada' });
    expect(within(me).queryByRole('combobox')).toBeNull();
    expect(within(me).queryByRole('button')).toBeNull();
    const row = within(list).getByRole('listitem', { name: 'spammer' });
    expect(within(row).getByRole('link', { name: 'spammer' })).toHaveAttribute(
      'href',
      '/user-info/spammer',
    );
    expect(within(row).getByText(/Silenced/)).toBeVisible();
    expect(within(row).getByText(/— Adverts/)).toBeVisible();

    await user.click(within(row).getByRole('button', { name: 'Lift silence' }));
    expect(await screen.findByText('spammer can post again.')).toBeVisible();
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Silence' })).toBeVisible());

    await user.selectOptions(within(row).getByRole('combobox', { name: 'Role' }), 'Moderator');
    await waitFor(() => expect(server.received('PUT', `${MEMBERS}spammer/role/`)).toHaveLength(1));
    expect(bodyOf(server.received('PUT', `${MEMBERS}spammer/role/`)[0])).toEqual({
      role: 'moderator',
    });
    expect(await screen.findByText('spammer is now a moderator.')).toBeVisible();
  });

  it('searches members by username once typing pauses; moderators get no role select', async () => {
    asStaff('moderator');
    server.on('GET', MEMBERS, (request) => ({
      status: 200,
      data: {
        results: (request.params as { q?: string } | undefined)?.q === 'spa' ? [standing({})] : [],
      },
    }));
    const user = userEvent.setup();
    renderApp('/moderation?tab=members');
    await screen.findByRole('heading', { name: 'Nobody to list' });
    await user.type(screen.getByRole('searchbox', { name: 'Find a member by username' }), 'spa');
    const list = await screen.findByRole('list', {
      name: 'Members whose username starts with spa',
    });
    expect(within(list).getByRole('link', { name: 'spammer' })).toBeVisible();
    expect(within(list).queryByRole('combobox', { name: 'Role' })).toBeNull();
    const searches = server
      .received('GET', MEMBERS)
      .map((request) => (request.params as { q?: string } | undefined)?.q);
    expect(searches).toEqual([undefined, 'spa']);
  });

  it('reads the log as sentences, newest first, with the operator and links, and loads more', async () => {
    asStaff();
    server.on('GET', AUDIT, (request) => {
      const cursor = (request.params as { cursor?: string }).cursor;
      return cursor
        ? {
            status: 200,
            data: {
              results: [
                entry({
                  id: 1,
                  actor: null,
                  action: 'role_changed',
                  member: { id: 7, username: 'ada', avatar: null },
                  summary: 'ada',
                  reason: '',
                  details: 'Member → Admin',
                }),
              ],
              next: null,
            },
          }
        : {
            status: 200,
            data: {
              results: [
                entry({
                  id: 3,
                  action: 'content_hidden',
                  model: 'forum',
                  objectId: 12,
                  summary: 'Cheap watches',
                  url: '/discussions/12',
                  reason: 'Spam',
                  details: '',
                }),
                entry({ id: 2 }),
              ],
              next: 'page-2',
            },
          };
    });
    const user = userEvent.setup();
    renderApp('/moderation?tab=log');
    const log = await screen.findByRole('list', { name: 'Staff actions, newest first' });
    const items = within(log).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('ada hid “Cheap watches” by spammer — Spam');
    expect(within(log).getByRole('link', { name: '“Cheap watches”' })).toHaveAttribute(
      'href',
      '/discussions/12',
    );
    expect(items[1]).toHaveTextContent(
      'ada silenced spammer until 3 December 2026 at 14:00 UTC — Adverts',
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(3));
    expect(within(log).getAllByRole('listitem')[2]).toHaveTextContent(
      'Server operator changed the role of ada (Member → Admin)',
    );

    await user.type(
      screen.getByRole('searchbox', { name: 'Only actions about a member (username)' }),
      'bob',
    );
    await waitFor(() =>
      expect(
        server
          .received('GET', AUDIT)
          .some((request) => (request.params as { member?: string }).member === 'bob'),
      ).toBe(true),
    );
  });
});
