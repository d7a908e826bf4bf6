import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../../lib/testing/fake-server';
import { fakeApi, restoreHttp } from '../../../../test/account-fixtures';
import { albumSummaryOf } from '../../../../test/album-fixtures';
import { discussionOf, page } from '../../../../test/forum-fixtures';
import { renderWithProviders } from '../../../../test/render';
import { MemberActivity } from './member-activity';

const COUNTS = '/api/common/activity-counts/';

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  server.on('GET', '/api/forums/forums/', page([discussionOf({ title: 'Engines' })]));
  server.on('GET', '/api/forums/comments/by_author/', page([]));
});
afterEach(restoreHttp);

describe('member activity tabs', () => {
  it('name how many items each tab lists, asked once whatever the tab', async () => {
    server.on('GET', COUNTS, {
      status: 200,
      data: { discussions: 3, comments: 12, polls: 0, quizzes: 1500, albums: 2 },
    });
    renderWithProviders(<MemberActivity username="ada" name="Ada Lovelace" isMe={false} />, '/');

    const tabs = within(screen.getByRole('tablist', { name: "Ada Lovelace's activity" }));
    expect(await tabs.findByRole('tab', { name: 'Discussions 3' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(tabs.getByRole('tab', { name: 'Comments 12' })).toBeVisible();
    expect(tabs.getByRole('tab', { name: 'Polls 0' })).toBeVisible();
    expect(tabs.getByRole('tab', { name: 'Quizzes 1.5K' })).toBeVisible();
    expect(tabs.getByRole('tab', { name: 'Albums 2' })).toBeVisible();

    await userEvent.click(tabs.getByRole('tab', { name: 'Comments 12' }));
    expect(await screen.findByRole('heading', { name: 'No comments yet' })).toBeVisible();
    expect(server.received('GET', COUNTS).map((request) => request.params)).toEqual([
      { author: 'ada' },
    ]);
  });

  it('names the tabs alone while the counts are unknown', async () => {
    server.on('GET', COUNTS, { status: 500, data: { detail: 'Something went wrong.' } });
    renderWithProviders(<MemberActivity username="ada" name="Ada Lovelace" isMe={false} />, '/');

    const list = await screen.findByRole('list', { name: "Ada Lovelace's discussions" });
    expect(within(list).getByRole('link', { name: 'Engines' })).toBeVisible();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.trim())).toEqual([
      'Discussions',
      'Comments',
      'Polls',
      'Quizzes',
      'Albums',
    ]);
  });

  it("shows the member's albums as covers under Albums", async () => {
    server.on('GET', COUNTS, {
      status: 200,
      data: { discussions: 3, comments: 12, polls: 0, quizzes: 1, albums: 1 },
    });
    server.on('GET', '/api/common/albums/', {
      status: 200,
      data: { results: [albumSummaryOf({ name: 'Harbour walk', imagesCount: 2 })], next: null },
    });
    renderWithProviders(<MemberActivity username="ada" name="Ada Lovelace" isMe={false} />, '/');

    const tabs = within(screen.getByRole('tablist', { name: "Ada Lovelace's activity" }));
    await userEvent.click(await tabs.findByRole('tab', { name: 'Albums 1' }));
    const albums = await screen.findByRole('list', { name: "Ada Lovelace's albums" });
    expect(within(albums).getByRole('link', { name: /Harbour walk/ })).toHaveAttribute(
      'href',
      '/albums/1',
    );
    expect(server.received('GET', '/api/common/albums/').at(-1)?.params).toMatchObject({
      author: 'ada',
    });
  });
});
