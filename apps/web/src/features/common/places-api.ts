import type { CountriesList, Country, ReverseGeocode, ReverseGeocodeQuery } from '@agora/shared';
import { api } from '../../lib/api';

const COMMON = '/api/common';

/** Countries for the forms' country fields, and the place at a position (issue 19). */
const placesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET countries-list: the same for everyone and every visit, so kept for the session. */
    getCountries: build.query<Country[], undefined>({
      query: () => ({ url: `${COMMON}/countries-list` }),
      transformResponse: (data: CountriesList) => data.results,
      keepUnusedDataFor: 24 * 60 * 60,
    }),
    /** GET reverse-geocode?lat=&lng=: members only. */
    reverseGeocode: build.query<ReverseGeocode, ReverseGeocodeQuery>({
      query: ({ lat, lng }) => ({ url: `${COMMON}/reverse-geocode`, params: { lat, lng } }),
    }),
  }),
});

export const { useGetCountriesQuery, useLazyReverseGeocodeQuery } = placesApi;
