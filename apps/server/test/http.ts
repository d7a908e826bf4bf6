import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './build-app';

/** GET `url` as a browser taking these encodings would (none: no Accept-Encoding at all). */
export function getAccepting(
  t: TestApp,
  url: string,
  acceptEncoding?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
}
