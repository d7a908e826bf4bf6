import type { Geocoder } from './geocoder';
import { nominatimGeocoder } from './nominatim-geocoder';
import { offlineGeocoder } from './offline-geocoder';

export { countryList, countryName } from './countries';
export type { Geocoder } from './geocoder';
export { NEAREST_PLACE_MAX_KM } from './offline-geocoder';
export { GEOCODER_TIMEOUT_MS } from './nominatim-geocoder';

/** A Nominatim-compatible service when GEOCODER_URL is set, else the offline city list. */
export function createGeocoder(options: { url?: string; userAgent: string }): Geocoder {
  return options.url ? nominatimGeocoder(options.url, options.userAgent) : offlineGeocoder();
}
