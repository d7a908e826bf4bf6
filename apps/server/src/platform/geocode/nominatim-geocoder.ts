import type { ReverseGeocode } from '@agora/shared';
import { z } from 'zod';
import { AppError } from '../errors';
import { countryName } from './countries';
import { NOWHERE, type Geocoder } from './geocoder';

/** A slow geocoder must not hold a member's request (or a connection) for long. */
export const GEOCODER_TIMEOUT_MS = 5_000;

/** The parts of a Nominatim `/reverse?format=jsonv2` answer we read; all are optional there. */
const ZNominatimReverse = z.object({
  error: z.string().optional(),
  address: z
    .object({
      city: z.string().optional(),
      town: z.string().optional(),
      village: z.string().optional(),
      hamlet: z.string().optional(),
      municipality: z.string().optional(),
      state: z.string().optional(),
      region: z.string().optional(),
      country: z.string().optional(),
      country_code: z.string().optional(),
    })
    .optional(),
});

const UNAVAILABLE = 'Finding your place is not available right now. Please try again later.';

/**
 * Reverse geocoding through a Nominatim-compatible service (Nominatim itself, or any that
 * answers its `/reverse` API). Nominatim's usage policy asks for an identifying User-Agent.
 */
export function nominatimGeocoder(baseUrl: string, userAgent: string): Geocoder {
  return {
    async reverse(lat, lng): Promise<ReverseGeocode> {
      const url = new URL(`${baseUrl}/reverse`);
      url.search = new URLSearchParams({
        format: 'jsonv2',
        lat: String(lat),
        lon: String(lng),
        // City level: a street address is more than a profile needs to know.
        zoom: '10',
        addressdetails: '1',
      }).toString();
      let body: unknown;
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json', 'accept-language': 'en', 'user-agent': userAgent },
          signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
        body = await response.json();
      } catch (error) {
        // The cause reaches the log line of the 503, not the member.
        throw Object.assign(new AppError('unavailable', UNAVAILABLE), { cause: error });
      }
      const parsed = ZNominatimReverse.safeParse(body);
      if (!parsed.success) throw new AppError('unavailable', UNAVAILABLE);
      const address = parsed.data.address;
      // Nominatim answers 200 with `error` for a point it has nothing for.
      if (parsed.data.error || !address) return NOWHERE;
      const code = address.country_code?.toUpperCase() ?? null;
      return {
        city:
          address.city ??
          address.town ??
          address.village ??
          address.municipality ??
          address.hamlet ??
          null,
        region: address.state ?? address.region ?? null,
        country: (code && countryName(code)) ?? address.country ?? null,
        countryCode: code && code.length === 2 ? code : null,
      };
    },
  };
}
