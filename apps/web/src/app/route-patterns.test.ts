import { describe, expect, it } from 'vitest';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { matchWebRoute, WEB_ROUTE_PATTERNS } from '@agora/shared';
import { pages } from './router';

const paths = pages.map(({ path }) => path).filter((path) => path !== '*');

describe('the router and the server agree on the pages', () => {
  it('declares exactly the pages of WEB_ROUTE_PATTERNS, which the server answers 200 for', () => {
    expect([...paths].sort()).toEqual([...WEB_ROUTE_PATTERNS].sort());
  });

  it.each(paths)('draws the page the server picks for an address of %s', (pattern) => {
    const address = pattern.replace(/:\w+/g, 'x1');
    const drawn = pages.find(({ path }) => matchRoute(parse, path, address)[0]);
    expect(drawn?.path).toBe(matchWebRoute(address)?.pattern);
  });
});
