import type { Country } from '@agora/shared';
import { countries, type TCountryCode } from 'countries-list';

/**
 * Ascension and Tristan da Cunha are only "exceptionally reserved" in ISO 3166-1 (they are part
 * of Saint Helena's SH). Kosovo's XK is user-assigned but stays: every body that deals with
 * Kosovo uses it, the offline city list included.
 */
const NOT_ISO_COUNTRIES = new Set(['AC', 'TA']);

let sorted: Country[] | undefined;

/** Every country by English name; built on first use and shared by every request after it. */
export function countryList(): Country[] {
  sorted ??= Object.entries(countries)
    .filter(([code]) => !NOT_ISO_COUNTRIES.has(code))
    .map(([code, country]) => ({ code, name: country.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return sorted;
}

function isCountryCode(code: string): code is TCountryCode {
  return Object.hasOwn(countries, code);
}

/** The English name of an ISO 3166-1 alpha-2 code, or undefined for an unknown code. */
export function countryName(code: string): string | undefined {
  const upper = code.toUpperCase();
  return isCountryCode(upper) ? countries[upper].name : undefined;
}
