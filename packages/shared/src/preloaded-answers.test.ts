import { describe, expect, it } from 'vitest';
import { preloadKey } from './preloaded-answers';

describe('preloadKey', () => {
  it('files a read under its path and its parameters sorted by name', () => {
    expect(preloadKey('/api/forums/comments/?model=forum&id=12')).toBe(
      '/api/forums/comments/?id=12&model=forum',
    );
    expect(preloadKey('/api/forums/comments/?id=12&model=forum')).toBe(
      '/api/forums/comments/?id=12&model=forum',
    );
  });

  it('keeps a path without parameters as it is, and drops an origin', () => {
    expect(preloadKey('/api/forums/forums/12/')).toBe('/api/forums/forums/12/');
    expect(preloadKey('https://example.org/api/forums/forums/12/?limit=12')).toBe(
      '/api/forums/forums/12/?limit=12',
    );
  });

  it('writes parameters the way URLSearchParams does on either side', () => {
    expect(preloadKey('/api/forums/forums/?tag=c%2B%2B&ordering=latest')).toBe(
      '/api/forums/forums/?ordering=latest&tag=c%2B%2B',
    );
  });
});
