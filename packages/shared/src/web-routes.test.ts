import { describe, expect, it } from 'vitest';
import { matchWebRoute } from './web-routes';

describe('matchWebRoute', () => {
  it('matches a static page whatever its case and trailing slash', () => {
    expect(matchWebRoute('/')).toEqual({ pattern: '/', params: {} });
    expect(matchWebRoute('/Discussions/')).toEqual({ pattern: '/discussions', params: {} });
  });

  it('names the parameters of a page with them', () => {
    expect(matchWebRoute('/reset-password/MQ/abc-123')).toEqual({
      pattern: '/reset-password/:uid/:token',
      params: { uid: 'MQ', token: 'abc-123' },
    });
    expect(matchWebRoute('/user-info/Ada Lovelace')).toEqual({
      pattern: '/user-info/:username',
      params: { username: 'Ada Lovelace' },
    });
  });

  it('prefers a static segment over a parameter, as the router does', () => {
    expect(matchWebRoute('/discussions/new')?.pattern).toBe('/discussions/new');
    expect(matchWebRoute('/discussions/7')?.pattern).toBe('/discussions/:id');
    expect(matchWebRoute('/discussions/7/edit')?.pattern).toBe('/discussions/:id/edit');
  });

  it.each(['/no/such/page', '/discussions/7/comments', '/user-info', '/api', '/verify-email/a/b'])(
    'matches no page at %s',
    (path) => {
      expect(matchWebRoute(path)).toBeNull();
    },
  );
});
