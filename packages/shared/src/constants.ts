/** Business constants from SPEC §9, used by server, web and tests alike. */

export const THEME = {
  primary: '#5348C6',
  secondary: '#B9B8B8',
  breakpoints: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 },
} as const;

export const TOAST_AUTO_HIDE_MS = 2000;

/** Client refreshes the access token when it is this close to expiry. */
export const REFRESH_THRESHOLD_MS = 60_000;
/** Client checks the refresh token's expiry this often. */
export const REFRESH_CHECK_INTERVAL_MS = 240_000;

export const COOKIE_DAYS = {
  keepMeLoggedIn: 2,
  socialOrRegistration: 14,
  periodicRefresh: 14,
} as const;
/** Lifetime of the access cookie written after a 401-triggered refresh. */
export const ACCESS_COOKIE_AFTER_REFRESH_MS = 5 * 60_000;

export const CHAT_SOCKET_MAX_RECONNECTS = 10;
/** Wait before reconnect attempt n (1-based): 2^(n-1) seconds. */
export const chatReconnectDelayMs = (attempt: number): number => 2 ** (attempt - 1) * 1000;

export const NOTIFICATION_DEFAULT_LIMIT = 10;
export const NOTIFICATION_MAX_LIMIT = 50;
export const DEFAULT_NOTIFICATION_TITLE = 'New Notification!';

/** Largest request body the API accepts for uploads (100 MB). */
export const UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
/** Largest JSON body the API accepts. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** Route prefixes SPEC §2 names; each shows the full-page loading screen while it loads. */
export const SPEC_ROUTE_PREFIXES = [
  'setting',
  'discussions',
  'faq',
  'aboutus',
  'login',
  'register',
  'twofa-token',
  'user-info',
  'userguide',
] as const;

/** How many lines each list on the home page shows. */
export const HOME_LIST_SIZE = 12;
