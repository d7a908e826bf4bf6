import { describe, expect, it } from 'vitest';
import { jwtExpiringAt, makeJwt } from './testing/jwt';
import { decodeToken, isTokenExpired, isTokenExpiringWithin, tokenExpiresAtMs } from './token';

describe('decodeToken', () => {
  it('returns the payload of a valid three-part token', () => {
    const token = makeJwt({ sub: '42', exp: 1_900_000_000, name: 'Zoë' });
    expect(decodeToken(token)).toEqual({ sub: '42', exp: 1_900_000_000, name: 'Zoë' });
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['an empty string', ''],
    ['two parts', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9'],
    ['four parts', `${makeJwt({ sub: '42' })}.extra`],
    ['an empty signature', makeJwt({ sub: '42' }).replace(/\.[^.]+$/, '.')],
    ['standard base64 characters', makeJwt({ sub: '42' }).replace(/^./, '+')],
    ['a payload that is not JSON', `eyJhbGciOiJIUzI1NiJ9.${btoa('not json')}.c2ln`],
    ['a payload that is a JSON array', `eyJhbGciOiJIUzI1NiJ9.${btoa('[1,2]')}.c2ln`],
    ['a header that is not JSON', `${btoa('nope')}.eyJzdWIiOiI0MiJ9.c2ln`],
    ['a payload of impossible length', 'eyJhbGciOiJIUzI1NiJ9.eyJzd.c2ln'],
  ])('decodes %s to {}', (_label, token) => {
    expect(decodeToken(token)).toEqual({});
  });
});

describe('expiry helpers', () => {
  const exp = 1_900_000_000_000;
  const token = jwtExpiringAt(exp);

  it('reads exp in milliseconds', () => {
    expect(tokenExpiresAtMs(token)).toBe(exp);
    expect(tokenExpiresAtMs(makeJwt({ exp: 'soon' }))).toBeUndefined();
  });

  it('counts a token as expiring when at most the window is left', () => {
    expect(isTokenExpiringWithin(token, 60_000, exp - 60_000)).toBe(true);
    expect(isTokenExpiringWithin(token, 60_000, exp - 60_001)).toBe(false);
  });

  it('counts a token as expired from its exp on', () => {
    expect(isTokenExpired(token, exp - 1)).toBe(false);
    expect(isTokenExpired(token, exp)).toBe(true);
  });

  it('treats a token without a readable expiry as expired', () => {
    expect(isTokenExpired('garbage', 0)).toBe(true);
    expect(isTokenExpired(makeJwt({ sub: '42' }), 0)).toBe(true);
  });
});
