import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CountriesList, ReverseGeocode } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as } from '../../../test/forums';

const COUNTRIES = '/api/common/countries-list';
const REVERSE = '/api/common/reverse-geocode';
const at = (lat: number | string, lng: number | string) => `${REVERSE}?lat=${lat}&lng=${lng}`;

describe('countries-list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(() => t.close());

  it('lists every ISO 3166-1 country by name, with its code, to visitors too', async () => {
    const response = await as(t, null).get(COUNTRIES);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const { results } = response.json<CountriesList>();
    // 249 assigned codes plus Kosovo's XK.
    expect(results).toHaveLength(250);
    expect(results).toContainEqual({ code: 'FR', name: 'France' });
    expect(results).toContainEqual({ code: 'XK', name: 'Kosovo' });
    expect(results.map((country) => country.code)).not.toContain('AC');
    const names = results.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(results.map((country) => country.code)).size).toBe(results.length);
  });
});

describe('reverse-geocode from the offline list of cities', () => {
  let t: TestApp;
  let ada: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp({ config: { geocodeRateLimitMax: 12 } });
    ada = await signUp(t, 'ada');
  });
  afterAll(() => t.close());

  it('answers the nearest city and its country', async () => {
    const response = await as(t, ada).get(at(48.8566, 2.3522));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ReverseGeocode>()).toEqual({
      city: 'Paris',
      region: null,
      country: 'France',
      countryCode: 'FR',
    });
    const tokyo = await as(t, ada).get(at(35.6895, 139.6917));
    expect(tokyo.json<ReverseGeocode>()).toMatchObject({ country: 'Japan', countryCode: 'JP' });
  });

  it('names nothing in the middle of the ocean', async () => {
    const response = await as(t, ada).get(at(-40, -120));
    expect(response.statusCode).toBe(200);
    expect(response.json<ReverseGeocode>()).toEqual({
      city: null,
      region: null,
      country: null,
      countryCode: null,
    });
  });

  it.each([
    ['a missing latitude', `${REVERSE}?lng=2`, 'lat', 'Send the latitude as a number of degrees.'],
    ['an empty latitude', at('', 2), 'lat', 'Send the latitude as a number of degrees.'],
    ['a latitude of words', at('north', 2), 'lat', 'Send the latitude as a number of degrees.'],
    ['a latitude past the pole', at(90.5, 2), 'lat', 'Send a latitude between -90 and 90.'],
    [
      'a missing longitude',
      `${REVERSE}?lat=2`,
      'lng',
      'Send the longitude as a number of degrees.',
    ],
    ['a longitude past 180', at(2, -181), 'lng', 'Send a longitude between -180 and 180.'],
  ])('refuses %s with a 400 naming the field', async (_case, url, field, message) => {
    const response = await as(t, ada).get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: [message] });
  });

  it('asks for a signed-in member', async () => {
    const response = await as(t, null).get(at(48.8566, 2.3522));
    expect(response.statusCode).toBe(401);
  });

  it('limits how often one network asks', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      statuses.push((await as(t, ada).get(at(51.5074, -0.1278))).statusCode);
    }
    expect(statuses).toContain(429);
    const refused = await as(t, ada).get(at(51.5074, -0.1278));
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toMatch(/^Too many attempts/);
  });
});

describe('reverse-geocode through a Nominatim-compatible service (GEOCODER_URL)', () => {
  let t: TestApp;
  let ada: Member;
  let geocoder: Server;
  const asked: IncomingMessage[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };

  beforeAll(async () => {
    geocoder = createServer((request, response) => {
      asked.push(request);
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    const { port } = geocoder.address() as AddressInfo;
    t = await createAccountsTestApp({ config: { geocoderUrl: `http://127.0.0.1:${port}` } });
    ada = await signUp(t, 'ada');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => geocoder.close(resolve));
  });

  it("asks the service's /reverse at city level and answers its city, state and country", async () => {
    answer = {
      status: 200,
      body: {
        display_name: 'Lyon, Auvergne-Rhône-Alpes, France',
        address: {
          city: 'Lyon',
          state: 'Auvergne-Rhône-Alpes',
          country: 'France',
          country_code: 'fr',
        },
      },
    };
    const response = await as(t, ada).get(at(45.764, 4.8357));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ReverseGeocode>()).toEqual({
      city: 'Lyon',
      region: 'Auvergne-Rhône-Alpes',
      country: 'France',
      countryCode: 'FR',
    });
    const request = asked.at(-1);
    const url = new URL(request?.url ?? '', 'http://geocoder');
    expect(url.pathname).toBe('/reverse');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'jsonv2',
      lat: '45.764',
      lon: '4.8357',
      zoom: '10',
      addressdetails: '1',
    });
    expect(request?.headers['user-agent']).toMatch(/^Agora \(http/);
  });

  it('takes a town or village when the place is no city', async () => {
    answer = {
      status: 200,
      body: { address: { village: 'Gordes', state: 'Provence', country_code: 'fr' } },
    };
    const response = await as(t, ada).get(at(43.911, 5.2));
    expect(response.json<ReverseGeocode>()).toEqual({
      city: 'Gordes',
      region: 'Provence',
      country: 'France',
      countryCode: 'FR',
    });
  });

  it("answers nulls where the service has nothing (Nominatim's 200 with an error)", async () => {
    answer = { status: 200, body: { error: 'Unable to geocode' } };
    const response = await as(t, ada).get(at(-40, -120));
    expect(response.statusCode).toBe(200);
    expect(response.json<ReverseGeocode>()).toEqual({
      city: null,
      region: null,
      country: null,
      countryCode: null,
    });
  });

  it('answers 503 with a sentence when the service fails', async () => {
    answer = { status: 500, body: { message: 'boom' } };
    const response = await as(t, ada).get(at(45.764, 4.8357));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: 'Finding your place is not available right now. Please try again later.',
    });
  });

  it('checks the input before asking the service', async () => {
    const before = asked.length;
    const response = await as(t, ada).get(at(100, 4));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ lat: ['Send a latitude between -90 and 90.'] });
    expect(asked).toHaveLength(before);
  });
});
