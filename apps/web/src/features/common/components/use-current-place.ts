import { useState } from 'react';
import type { ReverseGeocode } from '@agora/shared';
import { apiFailure } from '../../auth';
import { useLazyReverseGeocodeQuery } from '../places-api';

/** Asking the browser: a fresh fix is not needed for a country, and a slow one is given up. */
const POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  maximumAge: 10 * 60 * 1000,
  timeout: 15_000,
};

export const LOCATION_MESSAGES = {
  unsupported: 'This browser cannot share your location. Choose your country from the list.',
  denied:
    'Your browser did not share your location. Allow it for this site in the browser settings, or choose your country from the list.',
  unavailable: 'Your location could not be found. Try again, or choose your country from the list.',
} as const;

function positionError(error: GeolocationPositionError): string {
  return error.code === error.PERMISSION_DENIED
    ? LOCATION_MESSAGES.denied
    : LOCATION_MESSAGES.unavailable;
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(resolve, reject, POSITION_OPTIONS);
  });
}

/**
 * The place the browser says the member is at: its position, then our reverse geocoding.
 * `locate` resolves to the place, or rejects with a sentence to show the member.
 */
export function useCurrentPlace() {
  const [reverseGeocode] = useLazyReverseGeocodeQuery();
  const [locating, setLocating] = useState(false);

  const locate = async (): Promise<ReverseGeocode> => {
    if (!('geolocation' in navigator)) throw new Error(LOCATION_MESSAGES.unsupported);
    setLocating(true);
    try {
      let position: GeolocationPosition;
      try {
        position = await currentPosition();
      } catch (error) {
        throw new Error(positionError(error as GeolocationPositionError));
      }
      const { latitude: lat, longitude: lng } = position.coords;
      try {
        return await reverseGeocode({ lat, lng }).unwrap();
      } catch (error) {
        throw new Error(apiFailure(error).message);
      }
    } finally {
      setLocating(false);
    }
  };

  return { locate, locating };
}
