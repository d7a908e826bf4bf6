import type { FeaturedModel } from '@agora/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionBridge } from '../../auth';
import { fetchProfile } from '../../users';
import { bodyOf } from '../../../lib/testing/fake-server';
import type { FakeServer } from '../../../lib/testing/fake-server';
import { fakeApi, member, restoreHttp, signIn } from '../../../../test/account-fixtures';
import { renderWithProviders } from '../../../../test/render';
import { FeatureButton } from './feature-button';

const FEATURED = '/api/common/featured-post/';
const STATUS = `${FEATURED}forum/12/`;

let server: FakeServer;
let disconnect: () => void = () => undefined;
beforeEach(() => {
  server = fakeApi();
});
afterEach(() => {
  disconnect();
  restoreHttp();
});

/** The button for object 12 of `model`, once the signed-in member's profile is loaded. */
async function renderFor(isStaff: boolean, model: FeaturedModel = 'forum') {
  signIn();
  server.on('GET', '/auth/user/', { status: 200, data: { ...member, isStaff } });
  const view = renderWithProviders(<FeatureButton model={model} id={12} />);
  disconnect = createSessionBridge(view.store);
  await view.store.dispatch(fetchProfile());
  expect(view.store.getState().user.profile?.isStaff).toBe(isStaff);
  return view;
}

const status = (featured: boolean, model: FeaturedModel = 'forum') => ({
  status: 200,
  data: {
    model,
    id: 12,
    featured,
    featuredAt: featured ? '2026-03-01T10:00:00.000Z' : null,
  },
});

describe('FeatureButton', () => {
  it('renders nothing for a member who is not staff, and asks for nothing', async () => {
    await renderFor(false);
    expect(screen.queryByRole('button')).toBeNull();
    expect(server.received('GET', STATUS)).toHaveLength(0);
  });

  it('lets staff feature a discussion, then unfeature it', async () => {
    let featured = false;
    server.on('GET', STATUS, () => status(featured));
    server.on('POST', FEATURED, () => {
      featured = true;
      return { ...status(true), status: 201 };
    });
    server.on('DELETE', FEATURED, () => {
      featured = false;
      return { status: 204 };
    });
    const user = userEvent.setup();
    await renderFor(true);

    await user.click(await screen.findByRole('button', { name: 'Feature' }));
    expect(bodyOf(server.received('POST', FEATURED)[0])).toEqual({ model: 'forum', id: 12 });
    expect(await screen.findByText('Featured on the discussions page.')).toBeVisible();

    await user.click(await screen.findByRole('button', { name: 'Unfeature' }));
    await waitFor(() => expect(server.received('DELETE', FEATURED)).toHaveLength(1));
    expect(bodyOf(server.received('DELETE', FEATURED)[0])).toEqual({ model: 'forum', id: 12 });
    expect(await screen.findByRole('button', { name: 'Feature' })).toBeVisible();
  });

  it.each([
    ['poll', 'Poll featured.'],
    ['quiz', 'Quiz featured.'],
  ] as const)('lets staff feature a %s, naming its kind', async (model, said) => {
    const own = `${FEATURED}${model}/12/`;
    let featured = false;
    server.on('GET', own, () => status(featured, model));
    server.on('POST', FEATURED, () => {
      featured = true;
      return { ...status(true, model), status: 201 };
    });
    server.on('DELETE', FEATURED, () => {
      featured = false;
      return { status: 204 };
    });
    const user = userEvent.setup();
    await renderFor(true, model);

    await user.click(await screen.findByRole('button', { name: 'Feature' }));
    expect(bodyOf(server.received('POST', FEATURED)[0])).toEqual({ model, id: 12 });
    expect(await screen.findByText(said)).toBeVisible();
    expect(server.received('GET', STATUS)).toHaveLength(0);

    await user.click(await screen.findByRole('button', { name: 'Unfeature' }));
    await waitFor(() => expect(server.received('DELETE', FEATURED)).toHaveLength(1));
    expect(bodyOf(server.received('DELETE', FEATURED)[0])).toEqual({ model, id: 12 });
    expect(await screen.findByRole('button', { name: 'Feature' })).toBeVisible();
  });

  it('shows a refusal as a toast', async () => {
    server.on('GET', STATUS, status(false));
    server.on('POST', FEATURED, {
      status: 400,
      data: {
        id: ['This discussion does not exist or is not published, so it cannot be featured.'],
      },
    });
    const user = userEvent.setup();
    await renderFor(true);
    await user.click(await screen.findByRole('button', { name: 'Feature' }));
    expect(await screen.findByText(/cannot be featured/)).toBeVisible();
  });
});
