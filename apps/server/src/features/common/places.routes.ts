import { ZCountriesList, ZReverseGeocode, ZReverseGeocodeQuery } from '@agora/shared';
import { countryList, createGeocoder } from '../../platform/geocode';
import type { CommonApp } from './common.routes';

/** The list never changes while a build runs: browsers and proxies may keep it a day. */
const COUNTRIES_CACHE_CONTROL = 'public, max-age=86400';

/** Countries for the forms' country fields, and the place at a position ("use my location"). */
export function placesRoutes(app: CommonApp): void {
  const tags = ['common'];
  const geocoder = createGeocoder({
    url: app.config.geocoderUrl,
    userAgent: `Agora (${app.config.publicUrl})`,
  });

  app.get(
    '/countries-list',
    {
      schema: {
        tags,
        summary: 'Every ISO 3166-1 country: its alpha-2 code and English name, by name.',
        response: { 200: ZCountriesList },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', COUNTRIES_CACHE_CONTROL);
      return { results: countryList() };
    },
  );

  app.get(
    '/reverse-geocode',
    {
      onRequest: [
        app.authenticate,
        app.rateLimit({
          max: app.config.geocodeRateLimitMax,
          timeWindow: app.config.geocodeRateLimitWindowSeconds * 1000,
        }),
      ],
      schema: {
        tags,
        summary:
          'The nearest city, its region and country at a latitude and longitude: from an offline list of cities, or the geocoder at GEOCODER_URL when set.',
        querystring: ZReverseGeocodeQuery,
        response: { 200: ZReverseGeocode },
      },
    },
    async (request) => geocoder.reverse(request.query.lat, request.query.lng),
  );
}
