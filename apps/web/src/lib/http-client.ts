import { MESSAGES, REFRESH_THRESHOLD_MS } from '@agora/shared';
import type { RefreshRequest, TokenPair } from '@agora/shared';
import { readRefreshToken, storeRefreshedTokens } from './cookies';
import { takePreloadedAnswer } from './preloaded-answers';
import { hasTokenPair } from './session-answer';
import { isTokenExpiringWithin } from './token';

/** The API base (SPEC §7); `/` serves the API from the page's own origin. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/';

/** A path under the API base, for the calls SPEC makes with plain fetch. */
export function apiUrl(path: string): string {
  return `${API_BASE.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export interface UploadProgress {
  loaded: number;
  /** 0 while the browser cannot tell the body's size. */
  total: number;
}

/** What a call may set besides its method, path and body. */
export interface RequestOptions {
  /** Query parameters; undefined and null ones are left out. */
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  onUploadProgress?: (progress: UploadProgress) => void;
  /** Send as is: no bearer, no refresh, no logout. The refresh call itself must not recurse. */
  skipAuth?: boolean;
}

/** One request as the transport sees it: `url` is the path under the API base. */
export interface HttpRequest extends Omit<RequestOptions, 'params' | 'headers'> {
  method: string;
  url: string;
  params: Record<string, unknown>;
  /** JSON, or FormData for multipart; undefined sends no body. */
  data?: unknown;
  headers: Headers;
}

export interface HttpResponse<T = unknown> {
  status: number;
  /** The body parsed as JSON; its text when it is not JSON, '' when empty. */
  data: T;
}

/** Sends one request and answers whatever status the server gave. */
export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

/** A non-2xx answer, carrying its status and parsed body. */
export class ResponseError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`Request failed with status code ${status}`);
    this.name = 'ResponseError';
  }
}

function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function urlOf({ url, params }: HttpRequest): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const search = query.toString();
  return search ? `${apiUrl(url)}?${search}` : apiUrl(url);
}

function bodyOf({ data }: HttpRequest): FormData | string | undefined {
  if (data === undefined || data instanceof FormData) return data;
  return JSON.stringify(data);
}

/** fetch cannot report upload progress; XMLHttpRequest can. */
function sendWithProgress(
  request: HttpRequest,
  onUploadProgress: (progress: UploadProgress) => void,
): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, urlOf(request));
    request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = ({ loaded, total, lengthComputable }) =>
      onUploadProgress({ loaded, total: lengthComputable ? total : 0 });
    xhr.onload = () => resolve({ status: xhr.status, data: parseBody(xhr.responseText) });
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('The request was canceled.', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(bodyOf(request) ?? null);
  });
}

const browserTransport: Transport = async (request) => {
  if (request.onUploadProgress) return sendWithProgress(request, request.onUploadProgress);
  const response = await fetch(urlOf(request), {
    method: request.method,
    headers: request.headers,
    body: bodyOf(request),
    signal: request.signal,
  });
  return { status: response.status, data: parseBody(await response.text()) };
};

/**
 * What a client needs from the session it serves. The session lives in the app's store;
 * the client only reads it and reports back, so it never depends on a feature or a page.
 */
export interface SessionHooks {
  /** The current access token, or null when nobody is signed in. */
  getAccessToken: () => string | null;
  /** A refresh produced a new access token (already stored in its cookie). */
  onTokenRefreshed: (access: string) => void;
  /** The session is over: refresh failed, or a request without a token failed. */
  onLogout: () => void;
}

const noSession: SessionHooks = {
  getAccessToken: () => null,
  onTokenRefreshed: () => undefined,
  onLogout: () => undefined,
};

let hooks: SessionHooks = noSession;

/** The session's access token, or null when nobody is signed in: for shared code (sockets). */
export function currentAccessToken(): string | null {
  return hooks.getAccessToken();
}

/** Connects the client to a session; returns a function that disconnects it. */
export function configureHttpClient(session: SessionHooks): () => void {
  hooks = session;
  return () => {
    if (hooks === session) hooks = noSession;
  };
}

/** SPEC §8: what a request fails with when the session could not be refreshed. */
export class TokenRefreshError extends Error {
  constructor() {
    super(MESSAGES.tokenRefreshFailed);
    this.name = 'TokenRefreshError';
  }
}

let refreshing: Promise<string> | null = null;

async function requestRefresh(): Promise<string> {
  const refresh = readRefreshToken();
  const access = hooks.getAccessToken();
  let tokens: TokenPair;
  try {
    if (!refresh) throw new TokenRefreshError();
    const body: RefreshRequest = access ? { refresh, access } : { refresh };
    const response = await http.post('/api/token/refresh/', body, { skipAuth: true });
    if (!hasTokenPair(response.data)) throw new TokenRefreshError();
    tokens = response.data;
  } catch {
    hooks.onLogout();
    throw new TokenRefreshError();
  }
  storeRefreshedTokens(tokens);
  hooks.onTokenRefreshed(tokens.access);
  return tokens.access;
}

/**
 * Trades the refresh cookie for a new access token (SPEC §4). Callers that arrive while a
 * refresh is running share it: refresh tokens rotate, so a second request would present a
 * token already used and the server would revoke the whole session.
 * On failure the session is logged out and the promise rejects with a TokenRefreshError.
 */
export function refreshAccessToken(): Promise<string> {
  refreshing ??= requestRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function exchange(request: HttpRequest): Promise<HttpResponse> {
  const response = await http.transport(request);
  if (response.status < 200 || response.status > 299) {
    throw new ResponseError(response.status, response.data);
  }
  return response;
}

/** Sends with the session's bearer; a 401 to a token about to expire refreshes and retries once. */
async function send(request: HttpRequest, retried: boolean): Promise<HttpResponse> {
  if (request.skipAuth) return exchange(request);
  let sent = hooks.getAccessToken();
  // A reload keeps the refresh cookie but may have lost the short-lived access cookie.
  if (!sent && readRefreshToken()) sent = await refreshAccessToken();
  // Each attempt gets its own headers: the transport may keep the request it was given.
  if (!sent && request.method === 'GET') {
    // A visitor's first screen: the server may have sent this answer inside the page.
    const answer = takePreloadedAnswer(urlOf(request));
    if (answer !== undefined) return { status: 200, data: answer };
  }
  const headers = new Headers(request.headers);
  if (sent) headers.set('Authorization', `Bearer ${sent}`);
  else headers.delete('Authorization');
  try {
    return await exchange({ ...request, headers });
  } catch (error) {
    if (!(error instanceof ResponseError)) throw error;
    if (!sent) {
      hooks.onLogout();
      throw error;
    }
    if (error.status === 401 && !retried && isTokenExpiringWithin(sent, REFRESH_THRESHOLD_MS)) {
      // A 401 that lands after another request already refreshed only needs the new token.
      const current = hooks.getAccessToken();
      if (current === null || current === sent) await refreshAccessToken();
      return send(request, true);
    }
    throw error;
  }
}

function requestOf(method: string, url: string, data: unknown, options: RequestOptions) {
  const { params = {}, headers, ...rest } = options;
  const request: HttpRequest = {
    ...rest,
    method,
    url,
    params,
    data,
    headers: new Headers(headers),
  };
  if (data !== undefined && !(data instanceof FormData) && !request.headers.has('Content-Type')) {
    request.headers.set('Content-Type', 'application/json');
  }
  return request;
}

/**
 * A 2xx answer read as its contract's type `T`. The web does not parse our server's answers
 * again: the server writes each one through the shared schema of its route
 * (`response-serializer.ts`), so a second parse here would only put zod and every response
 * schema on each page's first load. What the server did not write (an error body, storage, a
 * token's payload) stays `unknown` and is checked where it is read.
 */
const answered = <T>(response: Promise<HttpResponse>) => response as Promise<HttpResponse<T>>;

/**
 * The one HTTP client for the API base (SPEC §7): JSON in and out, FormData as multipart (the
 * forms check a file's size against the shared limits before sending). Rejects with a
 * `ResponseError` on any status outside 2xx. `transport` is where tests put a fake server.
 * `T` is the type of the route's answer in `@agora/shared`.
 */
export const http = {
  transport: browserTransport,
  request<T = unknown>({
    method = 'GET',
    url,
    data,
    ...options
  }: RequestOptions & { method?: string; url: string; data?: unknown }): Promise<HttpResponse<T>> {
    return answered<T>(send(requestOf(method.toUpperCase(), url, data, options), false));
  },
  get<T = unknown>(url: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    return http.request<T>({ ...options, url });
  },
  delete<T = unknown>(
    url: string,
    options: RequestOptions & { data?: unknown } = {},
  ): Promise<HttpResponse<T>> {
    return http.request<T>({ ...options, method: 'DELETE', url });
  },
  post<T = unknown>(
    url: string,
    data?: unknown,
    options: RequestOptions = {},
  ): Promise<HttpResponse<T>> {
    return http.request<T>({ ...options, method: 'POST', url, data });
  },
  put<T = unknown>(
    url: string,
    data?: unknown,
    options: RequestOptions = {},
  ): Promise<HttpResponse<T>> {
    return http.request<T>({ ...options, method: 'PUT', url, data });
  },
};
