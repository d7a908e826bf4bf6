import { PRELOADED_ANSWERS_ID } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureHttpClient, http } from './http-client';
import { createFakeServer } from './testing/fake-server';

// The answers a server sends inside a visitor's page (preloaded-answers.ts), read on first use.
const LIST = { results: [{ id: 1 }], next: null };
const DISCUSSION = { id: 12, title: 'Sourdough' };
const server = createFakeServer();
const originalTransport = http.transport;

beforeAll(() => {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PRELOADED_ANSWERS_ID;
  element.textContent = JSON.stringify({
    '/api/forums/forums/?ordering=latest&tag=baking': LIST,
    '/api/forums/forums/12/': DISCUSSION,
    '/api/forums/forums/13/': { id: 13 },
  });
  document.head.append(element);
  http.transport = server.transport;
  server.on('GET', '/api/forums/forums/', { status: 200, data: { results: [], next: null } });
  server.on('GET', '/api/forums/forums/12/', { status: 200, data: { id: 12, title: 'Newer' } });
  server.on('GET', '/api/forums/forums/13/', { status: 200, data: { id: 13, title: 'Mine' } });
});

afterAll(() => {
  http.transport = originalTransport;
});

describe("a visitor's reads answered inside the page", () => {
  it('answers a read from the page, whatever order its parameters are written in', async () => {
    const response = await http.get('/api/forums/forums/', {
      params: { tag: 'baking', ordering: 'latest' },
    });
    expect(response).toEqual({ status: 200, data: LIST });
    expect(server.requests).toHaveLength(0);
    expect(document.getElementById(PRELOADED_ANSWERS_ID)).toBeNull();
  });

  it('answers each read once: the next one goes to the server', async () => {
    expect((await http.get('/api/forums/forums/12/')).data).toEqual(DISCUSSION);
    expect((await http.get('/api/forums/forums/12/')).data).toEqual({ id: 12, title: 'Newer' });
    expect(server.received('GET', '/api/forums/forums/12/')).toHaveLength(1);
  });

  it("sends a member's read to the server: the page's answers are a visitor's", async () => {
    const disconnect = configureHttpClient({
      getAccessToken: () => 'a-member-token',
      onTokenRefreshed: () => undefined,
      onLogout: () => undefined,
    });
    expect((await http.get('/api/forums/forums/13/')).data).toEqual({ id: 13, title: 'Mine' });
    expect(server.received('GET', '/api/forums/forums/13/')).toHaveLength(1);
    disconnect();
  });
});
