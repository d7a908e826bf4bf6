import type { ReverseGeocode } from '@agora/shared';

/** Latitude and longitude to the nearest named place. */
export interface Geocoder {
  reverse(lat: number, lng: number): Promise<ReverseGeocode>;
}

export const NOWHERE: ReverseGeocode = {
  city: null,
  region: null,
  country: null,
  countryCode: null,
};
