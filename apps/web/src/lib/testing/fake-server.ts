import type { HttpRequest, Transport } from '../http-client';

/**
 * Test double for the API at the HTTP client's transport (`http.transport = server.transport`):
 * the bearer, the refresh and the error handling above it run for real.
 */

export interface FakeReply {
  status: number;
  data?: unknown;
}

export type FakeRoute = (request: HttpRequest) => FakeReply | Promise<FakeReply>;

export interface FakeServer {
  transport: Transport;
  /** Requests in the order the server received them. */
  requests: HttpRequest[];
  /** Answers `method url` (url as passed to the client) with a fixed reply or a function of the request. */
  on: (method: string, url: string, reply: FakeReply | FakeRoute) => void;
  /** Requests received for `method url`. */
  received: (method: string, url: string) => HttpRequest[];
}

const key = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

export function createFakeServer(): FakeServer {
  const routes = new Map<string, FakeRoute>();
  const requests: HttpRequest[] = [];

  const transport: Transport = async (request) => {
    requests.push(request);
    if (request.signal?.aborted) throw new DOMException('The request was canceled.', 'AbortError');
    const route = routes.get(key(request.method, request.url));
    const reply = route ? await route(request) : { status: 404, data: { detail: 'Not found.' } };
    return { status: reply.status, data: reply.data ?? '' };
  };

  return {
    transport,
    requests,
    on: (method, url, reply) => {
      routes.set(key(method, url), typeof reply === 'function' ? reply : () => reply);
    },
    received: (method, url) => requests.filter((r) => key(r.method, r.url) === key(method, url)),
  };
}

function received(request: HttpRequest | undefined): HttpRequest {
  if (request === undefined) throw new Error('The fake server did not receive that request.');
  return request;
}

/** The JSON body a request carried. */
export function bodyOf(request: HttpRequest | undefined): unknown {
  return received(request).data;
}

/** The Authorization header a request carried, undefined when it had none. */
export function authorizationOf(request: HttpRequest | undefined): unknown {
  return received(request).headers.get('Authorization') ?? undefined;
}

/** A promise with its resolver, to hold a reply until the test lets it go. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
