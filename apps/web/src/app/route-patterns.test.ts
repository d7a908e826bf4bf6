import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WEB_ROUTE_PATTERNS } from '@agora/shared';
import { routes } from './router';

/** Every page path the router declares, absolute; the catch-all is not a page. */
function pagePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const path =
      route.path === undefined
        ? parent
        : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    const own = route.index || (route.path !== undefined && !route.children) ? [path || '/'] : [];
    return [...own, ...pagePaths(route.children ?? [], path)];
  });
}

describe('the router and the server agree on the pages', () => {
  it('declares exactly the pages of WEB_ROUTE_PATTERNS, which the server answers 200 for', () => {
    expect(pagePaths(routes).sort()).toEqual([...WEB_ROUTE_PATTERNS].sort());
  });
});
