import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, readAccessToken, readRefreshToken, storeSignInTokens } from './cookies';
import { configureHttpClient, http, TokenRefreshError } from './http-client';
import type { SessionHooks } from './http-client';
import { authorizationOf, bodyOf, createFakeServer, deferred } from './testing/fake-server';
import type { FakeReply, FakeServer } from './testing/fake-server';
import { jwtExpiringAt } from './testing/jwt';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const REFRESH = jwtExpiringAt(NOW + 14 * 24 * 60 * 60 * 1000, { typ: 'refresh' });
const NEW_ACCESS = jwtExpiringAt(NOW + 5 * 60_000, { n: 2 });
const NEW_REFRESH = jwtExpiringAt(NOW + 14 * 24 * 60 * 60 * 1000, { n: 2 });
const REFRESHED: FakeReply = { status: 200, data: { access: NEW_ACCESS, refresh: NEW_REFRESH } };

let server: FakeServer;
let session: { access: string | null };
let hooks: { [K in keyof SessionHooks]: ReturnType<typeof vi.fn<SessionHooks[K]>> };
let disconnect: () => void;
const originalTransport = http.transport;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  server = createFakeServer();
  http.transport = server.transport;
  session = { access: null };
  hooks = {
    getAccessToken: vi.fn(() => session.access),
    onTokenRefreshed: vi.fn((access: string) => {
      session.access = access;
    }),
    onLogout: vi.fn(() => {
      session.access = null;
    }),
  };
  disconnect = configureHttpClient(hooks);
});

afterEach(() => {
  disconnect();
  http.transport = originalTransport;
  clearTokens();
  vi.useRealTimers();
});

/** Signs in with an access token that has `msLeft` to live and a valid refresh cookie. */
function signInWithAccessLeft(msLeft: number): string {
  const access = jwtExpiringAt(NOW + msLeft);
  storeSignInTokens({ access, refresh: REFRESH }, 'password');
  session.access = access;
  return access;
}

describe('bearer header', () => {
  it('sends the session access token on every request', async () => {
    const access = signInWithAccessLeft(300_000);
    server.on('GET', '/api/forums/', { status: 200, data: [] });
    server.on('POST', '/api/contactus/', { status: 201, data: {} });
    await http.get('/api/forums/');
    await http.post('/api/contactus/', { message: 'hi' });
    expect(server.requests.map(authorizationOf)).toEqual([`Bearer ${access}`, `Bearer ${access}`]);
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    server.on('GET', '/api/common/countries-list', { status: 200, data: [] });
    await http.get('/api/common/countries-list');
    expect(authorizationOf(server.requests[0])).toBeUndefined();
  });
});

describe('refresh first', () => {
  it('refreshes before the request when only a stored refresh token exists', async () => {
    storeSignInTokens({ access: 'unused', refresh: REFRESH }, 'password');
    document.cookie = 'agora_access=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    server.on('POST', '/api/token/refresh/', REFRESHED);
    server.on('GET', '/auth/user/', { status: 200, data: { id: 1 } });

    const response = await http.get('/auth/user/');

    expect(response.data).toEqual({ id: 1 });
    expect(server.requests.map((r) => r.url)).toEqual(['/api/token/refresh/', '/auth/user/']);
    expect(bodyOf(server.requests[0])).toEqual({ refresh: REFRESH });
    expect(authorizationOf(server.requests[0])).toBeUndefined();
    expect(authorizationOf(server.requests[1])).toBe(`Bearer ${NEW_ACCESS}`);
    expect(hooks.onTokenRefreshed).toHaveBeenCalledExactlyOnceWith(NEW_ACCESS);
    expect(readAccessToken()).toBe(NEW_ACCESS);
    expect(readRefreshToken()).toBe(NEW_REFRESH);
  });

  it('does not refresh when neither token exists', async () => {
    server.on('GET', '/api/common/trending-post/', { status: 200, data: [] });
    await http.get('/api/common/trending-post/');
    expect(server.received('POST', '/api/token/refresh/')).toHaveLength(0);
  });

  it('logs out and fails with "Token refresh failed" when the refresh is refused', async () => {
    storeSignInTokens({ access: 'unused', refresh: REFRESH }, 'password');
    document.cookie = 'agora_access=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    server.on('POST', '/api/token/refresh/', { status: 401, data: { detail: 'Session revoked.' } });

    await expect(http.get('/auth/user/')).rejects.toThrow('Token refresh failed');
    expect(server.received('GET', '/auth/user/')).toHaveLength(0);
    expect(hooks.onLogout).toHaveBeenCalledOnce();
  });
});

describe('401 near expiry', () => {
  beforeEach(() => {
    server.on('POST', '/api/token/refresh/', REFRESHED);
    server.on('GET', '/api/forums/', (request) =>
      authorizationOf(request) === `Bearer ${NEW_ACCESS}`
        ? { status: 200, data: ['fresh'] }
        : { status: 401, data: { detail: 'Token expired.' } },
    );
  });

  it('with 60,000 ms left refreshes once, stores the access cookie for 5 minutes and retries', async () => {
    const old = signInWithAccessLeft(60_000);
    const writes: string[] = [];
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    cookieSetter.mockImplementation((value: string) => {
      writes.push(value);
    });

    const response = await http.get('/api/forums/');
    cookieSetter.mockRestore();

    expect(response.data).toEqual(['fresh']);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/forums/',
      'POST /api/token/refresh/',
      'GET /api/forums/',
    ]);
    expect(bodyOf(server.requests[1])).toEqual({ refresh: REFRESH, access: old });
    expect(writes).toContain(
      `agora_access=${NEW_ACCESS}; path=/; secure; sameSite=strict; expires=${new Date(NOW + 300_000).toUTCString()}`,
    );
    expect(hooks.onTokenRefreshed).toHaveBeenCalledExactlyOnceWith(NEW_ACCESS);
    expect(hooks.onLogout).not.toHaveBeenCalled();
  });

  it('refreshes an access token that has already expired', async () => {
    signInWithAccessLeft(-1);
    await expect(http.get('/api/forums/')).resolves.toMatchObject({ data: ['fresh'] });
    expect(server.received('POST', '/api/token/refresh/')).toHaveLength(1);
  });

  it('with 60,001 ms left passes the 401 through without refreshing', async () => {
    signInWithAccessLeft(60_001);
    await expect(http.get('/api/forums/')).rejects.toMatchObject({ status: 401 });
    expect(server.received('POST', '/api/token/refresh/')).toHaveLength(0);
    expect(hooks.onLogout).not.toHaveBeenCalled();
  });

  it('does not refresh for other errors near expiry', async () => {
    signInWithAccessLeft(1_000);
    server.on('GET', '/api/forums/', { status: 403, data: { detail: 'Forbidden.' } });
    await expect(http.get('/api/forums/')).rejects.toMatchObject({ status: 403 });
    expect(server.received('POST', '/api/token/refresh/')).toHaveLength(0);
  });

  it('refreshes only once when the retry is refused again', async () => {
    signInWithAccessLeft(1_000);
    server.on('GET', '/api/forums/', { status: 401, data: { detail: 'Session revoked.' } });
    await expect(http.get('/api/forums/')).rejects.toMatchObject({ status: 401 });
    expect(server.received('POST', '/api/token/refresh/')).toHaveLength(1);
    expect(server.received('GET', '/api/forums/')).toHaveLength(2);
  });

  it('shares one refresh between concurrent 401s', async () => {
    signInWithAccessLeft(30_000);
    const refreshReply = deferred<FakeReply>();
    server.on('POST', '/api/token/refresh/', () => refreshReply.promise);

    const pending = Promise.all([
      http.get('/api/forums/'),
      http.get('/api/forums/'),
      http.get('/api/forums/'),
    ]);
    await vi.waitFor(() => expect(server.received('POST', '/api/token/refresh/')).toHaveLength(1));
    await vi.waitFor(() => expect(server.received('GET', '/api/forums/')).toHaveLength(3));
    refreshReply.resolve(REFRESHED);
    const responses = await pending;

    expect(responses.map((r) => r.data)).toEqual([['fresh'], ['fresh'], ['fresh']]);
    expect(server.received('POST', '/api/token/refresh/')).toHaveLength(1);
    expect(hooks.onTokenRefreshed).toHaveBeenCalledOnce();
  });

  it('retries a late 401 with the token another request already refreshed', async () => {
    const old = signInWithAccessLeft(30_000);
    const lateReply = deferred<FakeReply>();
    server.on('GET', '/api/polls/', (request) =>
      authorizationOf(request) === `Bearer ${old}`
        ? lateReply.promise
        : { status: 200, data: 'ok' },
    );

    const late = http.get('/api/polls/');
    await http.get('/api/forums/');
    lateReply.resolve({ status: 401, data: { detail: 'Token expired.' } });

    await expect(late).resolves.toMatchObject({ data: 'ok' });
    expect(server.received('POST', '/api/token/refresh/')).toHaveLength(1);
  });

  it('logs out once and fails every waiting request with "Token refresh failed"', async () => {
    signInWithAccessLeft(30_000);
    server.on('POST', '/api/token/refresh/', { status: 401, data: { detail: 'Session revoked.' } });

    const results = await Promise.allSettled([http.get('/api/forums/'), http.get('/api/forums/')]);

    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = result.status === 'rejected' ? (result.reason as unknown) : undefined;
      expect(reason).toBeInstanceOf(TokenRefreshError);
      expect(reason).toHaveProperty('message', 'Token refresh failed');
    }
    expect(hooks.onLogout).toHaveBeenCalledOnce();
    expect(server.received('POST', '/api/token/refresh/')).toHaveLength(1);
  });

  it('logs out when the refresh answer is not a token pair', async () => {
    signInWithAccessLeft(30_000);
    server.on('POST', '/api/token/refresh/', { status: 200, data: { access: NEW_ACCESS } });
    await expect(http.get('/api/forums/')).rejects.toThrow('Token refresh failed');
    expect(hooks.onLogout).toHaveBeenCalledOnce();
    expect(hooks.onTokenRefreshed).not.toHaveBeenCalled();
  });
});

describe('no token', () => {
  it('logs out when a request sent without a token gets an error response', async () => {
    server.on('GET', '/api/forums/', { status: 401, data: { detail: 'Sign in first.' } });
    await expect(http.get('/api/forums/')).rejects.toMatchObject({ status: 401 });
    expect(hooks.onLogout).toHaveBeenCalledOnce();
  });

  it('does not log out on a network failure, which has no response', async () => {
    http.transport = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(http.get('/api/forums/')).rejects.toThrow('Failed to fetch');
    expect(hooks.onLogout).not.toHaveBeenCalled();
  });

  it('does not log out a signed-in member for an ordinary error', async () => {
    signInWithAccessLeft(300_000);
    server.on('GET', '/api/forums/', { status: 400, data: { title: ['Add a title.'] } });
    await expect(http.get('/api/forums/')).rejects.toMatchObject({ status: 400 });
    expect(hooks.onLogout).not.toHaveBeenCalled();
  });
});

describe('browser transport', () => {
  function answer(body: string, status: number) {
    http.transport = originalTransport;
    return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status }));
  }

  afterEach(() => vi.restoreAllMocks());

  it('sends JSON with its type and the query without empty values, and reads JSON back', async () => {
    const fetch = answer('{"id":7}', 201);
    const response = await http.post(
      '/api/contactus/',
      { message: 'hi' },
      { params: { page: 2, q: 'a b', cursor: undefined, tag: null } },
    );
    expect(response).toEqual({ status: 201, data: { id: 7 } });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/contactus/?page=2&q=a+b');
    expect(init).toMatchObject({ method: 'POST', body: '{"message":"hi"}' });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends form data with no type of its own, so the browser writes the multipart boundary', async () => {
    const fetch = answer('', 200);
    const form = new FormData();
    form.set('name', 'x');
    expect(await http.put('/auth/user/', form)).toEqual({ status: 200, data: '' });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('rejects a status outside 2xx with its body, as text when it is not JSON', async () => {
    signInWithAccessLeft(300_000);
    answer('<html>502 Bad Gateway</html>', 502);
    await expect(http.get('/api/forums/')).rejects.toMatchObject({
      status: 502,
      data: '<html>502 Bad Gateway</html>',
    });
  });
});
