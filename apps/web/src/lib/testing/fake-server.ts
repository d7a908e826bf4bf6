import { AxiosError, AxiosHeaders, CanceledError } from 'axios';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';

/** Test double for the API at axios's adapter level: everything above it runs for real. */

export interface FakeReply {
  status: number;
  data?: unknown;
}

export type FakeRoute = (request: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply>;

export interface FakeServer {
  adapter: AxiosAdapter;
  /** Requests in the order the server received them. */
  requests: InternalAxiosRequestConfig[];
  /** Answers `method url` (url as passed to axios) with a fixed reply or a function of the request. */
  on: (method: string, url: string, reply: FakeReply | FakeRoute) => void;
  /** Requests received for `method url`. */
  received: (method: string, url: string) => InternalAxiosRequestConfig[];
}

const key = (method: string | undefined, url: string | undefined) =>
  `${(method ?? 'get').toUpperCase()} ${url ?? ''}`;

export function createFakeServer(): FakeServer {
  const routes = new Map<string, FakeRoute>();
  const requests: InternalAxiosRequestConfig[] = [];

  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    if (config.signal?.aborted) throw new CanceledError(undefined, undefined, config);
    const route = routes.get(key(config.method, config.url));
    const reply = route ? await route(config) : { status: 404, data: { detail: 'Not found.' } };
    const response: AxiosResponse = {
      data: reply.data ?? '',
      status: reply.status,
      statusText: '',
      headers: new AxiosHeaders(),
      config,
    };
    // Built-in adapters settle by `validateStatus`; a fake one has to do the same.
    if (config.validateStatus && !config.validateStatus(reply.status)) {
      throw new AxiosError(
        `Request failed with status code ${reply.status}`,
        reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
        config,
        undefined,
        response,
      );
    }
    return response;
  };

  return {
    adapter,
    requests,
    on: (method, url, reply) => {
      routes.set(key(method, url), typeof reply === 'function' ? reply : () => reply);
    },
    received: (method, url) => requests.filter((r) => key(r.method, r.url) === key(method, url)),
  };
}

function received(request: InternalAxiosRequestConfig | undefined): InternalAxiosRequestConfig {
  if (request === undefined) throw new Error('The fake server did not receive that request.');
  return request;
}

/** The JSON body a request carried. */
export function bodyOf(request: InternalAxiosRequestConfig | undefined): unknown {
  const { data } = received(request);
  return typeof data === 'string' ? JSON.parse(data) : data;
}

/** The Authorization header a request carried, undefined when it had none. */
export function authorizationOf(request: InternalAxiosRequestConfig | undefined): unknown {
  return received(request).headers.get('Authorization');
}

/** A promise with its resolver, to hold a reply until the test lets it go. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
