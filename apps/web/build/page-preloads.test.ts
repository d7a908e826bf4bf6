import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_ROUTE_PATTERNS } from '@agora/shared';
import { describe, expect, it } from 'vitest';
import { lazyRoutes } from './page-preloads';

const ROUTER = join(import.meta.dirname, '../src/app/router.tsx');

describe('lazyRoutes', () => {
  it('finds the page module of every route the server answers for, in the real route table', () => {
    const routes = lazyRoutes(readFileSync(ROUTER, 'utf8'), ROUTER);
    expect(routes.map(({ path }) => path).sort()).toEqual([...WEB_ROUTE_PATTERNS].sort());
    expect(routes.find(({ path }) => path === '/discussions')?.specifier).toBe(
      '../features/forums/pages/discussions-page',
    );
  });

  it('refuses a lazy route it cannot read, so no page goes without its preloads unsaid', () => {
    const source =
      "const load = () => import('./a');\nexport const pages = [{ path: '/a', lazy: load }];";
    expect(() => lazyRoutes(source, 'pages.ts')).toThrow(
      "the route /a must say lazy: () => import('<module>')",
    );
  });
});
