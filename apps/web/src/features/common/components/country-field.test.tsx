import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../../test/account-fixtures';
import { LOCATION_MESSAGES } from './use-current-place';

const REVERSE = '/api/common/reverse-geocode';
const COUNTRIES = [
  { code: 'FR', name: 'France' },
  { code: 'IS', name: 'Iceland' },
  { code: 'GB', name: 'United Kingdom' },
];

type Outcome = { coords: { latitude: number; longitude: number } } | { code: number };

/** The browser's geolocation, answering every request with `outcome`. */
function browserLocation(outcome: Outcome | null) {
  const geolocation = {
    getCurrentPosition(
      success: (position: GeolocationPosition) => void,
      failure: (error: GeolocationPositionError) => void,
    ) {
      if (outcome && 'coords' in outcome) {
        success({ coords: outcome.coords, timestamp: Date.now() } as GeolocationPosition);
      } else if (outcome) {
        failure({
          code: outcome.code,
          message: '',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        } as GeolocationPositionError);
      }
    },
  };
  if (outcome === null) {
    Reflect.deleteProperty(navigator, 'geolocation');
  } else {
    Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  }
}

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  server.on('GET', '/auth/user/', { status: 200, data: member });
  server.on('GET', '/api/common/countries-list', { status: 200, data: { results: COUNTRIES } });
  signIn();
});
afterEach(() => {
  restoreHttp();
  Reflect.deleteProperty(navigator, 'geolocation');
});

async function openProfile() {
  renderApp('/setting');
  const country = await screen.findByRole('combobox', { name: 'Country' });
  await waitFor(() => expect(country).toHaveValue('United Kingdom'));
  return { user: userEvent.setup(), country };
}

describe('the country field and "Use my location"', () => {
  it('offers the countries of the list', async () => {
    const { user, country } = await openProfile();
    await user.clear(country);
    await user.type(country, 'Ice');
    expect(await screen.findByRole('option', { name: 'Iceland' })).toBeVisible();
    expect(screen.queryByRole('option', { name: 'France' })).not.toBeInTheDocument();
  });

  it("fills the country from the browser's position through reverse-geocode", async () => {
    browserLocation({ coords: { latitude: 48.8566, longitude: 2.3522 } });
    server.on('GET', REVERSE, {
      status: 200,
      data: { city: 'Paris', region: null, country: 'France', countryCode: 'FR' },
    });
    const { user, country } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));

    await waitFor(() => expect(country).toHaveValue('France'));
    expect(await screen.findByText('Your location: Paris, France.')).toBeVisible();
    expect(server.received('GET', REVERSE)[0]?.params).toEqual({ lat: 48.8566, lng: 2.3522 });
    // The change counts as an edit: the profile can be saved.
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeEnabled();
  });

  it('says clearly when the browser refuses to share the location', async () => {
    browserLocation({ code: 1 });
    const { user, country } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(LOCATION_MESSAGES.denied)).toBeVisible();
    expect(country).toHaveValue('United Kingdom');
    expect(server.received('GET', REVERSE)).toHaveLength(0);
  });

  it('says so when the position cannot be found, or the browser has no geolocation', async () => {
    browserLocation({ code: 3 });
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(LOCATION_MESSAGES.unavailable)).toBeVisible();

    browserLocation(null);
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(LOCATION_MESSAGES.unsupported)).toBeVisible();
  });

  it("shows the server's refusal", async () => {
    browserLocation({ coords: { latitude: 45.76, longitude: 4.83 } });
    server.on('GET', REVERSE, {
      status: 503,
      data: { detail: 'Finding your place is not available right now. Please try again later.' },
    });
    const { user, country } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(
      await screen.findByText(
        'Finding your place is not available right now. Please try again later.',
      ),
    ).toBeVisible();
    expect(country).toHaveValue('United Kingdom');
  });
});
