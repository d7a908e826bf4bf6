import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@agora/shared';
import { z } from 'zod';
import {
  DEFAULT_ACTION_LIMITS,
  LIMITED_ACTIONS,
  parseLimitWindows,
  type ActionLimits,
  limitVariable,
} from './platform/auth/limit-windows';
import {
  DEFAULT_NEW_MEMBER_LIMITS,
  parseLimitOrOff,
  type NewMemberLimits,
} from './platform/auth/new-member-limits';
import type { S3Settings } from './platform/storage';
import { SERVER_ROOT } from './server-root';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** Absolute path; holds the embedded database, media, outbox and the generated JWT secret. */
  dataDir: string;
  /** Unset: embedded PGlite in `<dataDir>/db`. */
  databaseUrl?: string;
  /** Connections to PostgreSQL each process keeps at most. */
  databasePoolSize: number;
  /** Unset: in-process bus (one instance only). */
  redisUrl?: string;
  /** Origin the app is reached at, without a trailing slash. */
  publicUrl: string;
  jwtSecret: string;
  /** Unset: uploads are files under `<dataDir>/media`. */
  s3?: S3Settings;
  /** Unset: mail is written to `<dataDir>/outbox` as .eml files. */
  smtpUrl?: string;
  mailFrom: string;
  /** Where contact-us messages are mailed; unset, they are only kept for staff to read. */
  contactEmail?: string;
  /** Contact-us messages per IP within the window. */
  contactRateLimitMax: number;
  contactRateLimitWindowSeconds: number;
  /** A Nominatim-compatible service for reverse geocoding; unset, an offline list of cities. */
  geocoderUrl?: string;
  /** Reverse-geocoding lookups per IP within the window (a remote geocoder has its own limits). */
  geocodeRateLimitMax: number;
  geocodeRateLimitWindowSeconds: number;
  logLevel: LogLevel;
  /** Absolute path of the built SPA. */
  webDist: string;

  /** Lifetime of an access JWT. */
  accessTokenTtlSeconds: number;
  /** Lifetime of a refresh JWT and of the session it belongs to. */
  refreshTokenTtlSeconds: number;
  /** Requests per IP to the credential endpoints of /auth within the window. */
  authRateLimitMax: number;
  authRateLimitWindowSeconds: number;
  /** Failed logins of one account within the window before it is locked for the rest of it. */
  loginFailureLimit: number;
  loginFailureWindowMinutes: number;

  /** Social sign-in: a provider without its id (and Facebook's secret) is off. */
  googleClientId?: string;
  googleUserinfoUrl: string;
  googleTokeninfoUrl: string;
  appleClientId?: string;
  appleJwksUrl: string;
  appleIssuer: string;
  facebookAppId?: string;
  facebookAppSecret?: string;
  facebookGraphUrl: string;

  /** Adds `X-Query-Count` (SQL statements sent) to every response, for the benchmark. */
  queryCountHeader: boolean;
  /**
   * Proxies whose `X-Forwarded-For` is believed: a number of hops, or their addresses and CIDRs.
   * Unset: the socket's address is the client's.
   */
  trustProxy?: number | string[];
  /**
   * How long a public answer is copied for signed-out visitors (`ANONYMOUS_CACHE_MS`, 0 off);
   * any write makes every copy stale at once, on every instance.
   */
  anonymousCacheMs: number;
  /**
   * How long a worker holds a background job it claimed (`JOBS_LEASE_SECONDS`); on PostgreSQL,
   * the jobs of an instance that died are taken up again once it passes.
   */
  jobsLeaseSeconds: number;
  /** Per-member limits on writes (`RATE_LIMIT_<ACTION>`); staff are not limited. */
  actionLimits: ActionLimits;
  /** What members may do in their first days (`NEW_MEMBER_*`); staff are never new. */
  newMembers: NewMemberLimits;

  /** Bytes each member's files may take in storage, thumbnails included (`UPLOAD_QUOTA_BYTES`). */
  uploadQuotaBytes: number;

  /** Tests only: the time the account rules see. Never read from the environment. */
  clock?: () => Date;
  /** Tests only: how often sockets are pinged (30 s otherwise). Never read from the environment. */
  wsPingIntervalMs?: number;
}

/** A bad environment; its message is the one line printed before the process stops. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const JWT_SECRET_MIN_LENGTH = 32;
const JWT_SECRET_FILE = 'jwt-secret';
const DEFAULT_WEB_DIST = resolve(SERVER_ROOT, '../web/dist');

function hasProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const url = (protocols: readonly string[]) =>
  z
    .string()
    .refine(
      (value) => hasProtocol(value, protocols),
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

/** 1 GB per member (issue #19), originals and thumbnails together. */
const DEFAULT_UPLOAD_QUOTA_BYTES = 1024 * 1024 * 1024;

/** A whole number of at least 1, given as digits. */
const positiveInt = z
  .string()
  .refine(
    (value) => /^\d+$/.test(value) && Number(value) >= 1,
    'must be a whole number of at least 1',
  )
  .transform(Number);

/** How long signed-out visitors may be served a copied answer: off at 0, at most a minute. */
const ANONYMOUS_CACHE_MAX_MS = 60_000;
const anonymousCacheMs = z
  .string()
  .refine(
    (value) => /^\d+$/.test(value) && Number(value) <= ANONYMOUS_CACHE_MAX_MS,
    `must be a whole number of milliseconds from 0 (off) to ${ANONYMOUS_CACHE_MAX_MS}`,
  )
  .transform(Number)
  .prefault('2000');

/** proxy-addr's names for the private ranges, which TRUST_PROXY accepts beside addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const trustProxy = z
  .string()
  .transform((value, context) => {
    if (/^\d+$/.test(value) && Number(value) >= 1) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message: `must be a number of proxy hops (1 or more) or a comma-separated list of addresses and CIDRs (or ${PROXY_RANGE_NAMES.join(', ')})`,
    });
    return z.NEVER;
  })
  .optional();

const limitWindows = (defaultValue: string) =>
  z
    .string()
    .default(defaultValue)
    .transform((value, context) => {
      const windows = parseLimitWindows(value);
      if (windows) return windows;
      context.addIssue({
        code: 'custom',
        message: 'must be "off" or windows such as "5/1,60/60" (5 a second and 60 a minute)',
      });
      return z.NEVER;
    });

/** A whole number of at least `least`, or `off`. */
const limitOrOff = (variable: keyof typeof DEFAULT_NEW_MEMBER_LIMITS, least: number) =>
  z
    .string()
    .default(DEFAULT_NEW_MEMBER_LIMITS[variable])
    .transform((value, context) => {
      const limit = parseLimitOrOff(value, least);
      if (limit !== undefined) return limit;
      context.addIssue({
        code: 'custom',
        message: `must be "off" or a whole number of at least ${least}`,
      });
      return z.NEVER;
    });

const ZActionLimitsEnv = z.object(
  Object.fromEntries(
    LIMITED_ACTIONS.map((action) => [
      limitVariable(action),
      limitWindows(DEFAULT_ACTION_LIMITS[action]),
    ]),
  ) as Record<ReturnType<typeof limitVariable>, ReturnType<typeof limitWindows>>,
);

/** AWS's rules for bucket names, which S3-compatible services follow. */
const S3_BUCKET_NAME = /^(?!\d+\.\d+\.\d+\.\d+$)[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const S3_CHECKSUMS = ['WHEN_SUPPORTED', 'WHEN_REQUIRED'] as const;
/** The variables that only mean something with S3_BUCKET. */
const S3_DETAILS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
  'S3_CHECKSUMS',
] as const;

const trueOrFalse = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .default('false')
  .transform((value) => value === 'true');

const ZEnv = z.object({
  PORT: z
    .string()
    .default('8000')
    .refine(
      (value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 65535,
      'must be an integer between 1 and 65535',
    )
    .transform(Number),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_SIZE: positiveInt.optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  PUBLIC_URL: url(['http:', 'https:'])
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  JWT_SECRET: z
    .string()
    .min(JWT_SECRET_MIN_LENGTH, `must be at least ${JWT_SECRET_MIN_LENGTH} characters long`)
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(S3_BUCKET_NAME, {
      error: 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
    })
    .optional(),
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, { error: 'must be a region name such as us-east-1' })
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: trueOrFalse,
  S3_PUBLIC_URL: url(['http:', 'https:'])
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  S3_CHECKSUMS: z
    .enum(S3_CHECKSUMS, { error: `must be one of ${S3_CHECKSUMS.join(', ')}` })
    .default('WHEN_SUPPORTED'),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^<>]*<[^\s<>@]+@[^\s<>@]+>$|^[^\s<>@]+@[^\s<>@]+$/, {
      error: 'must be an address such as "Agora <no-reply@example.org>"',
    })
    .optional(),
  GEOCODER_URL: url(['http:', 'https:'])
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  GEOCODE_RATE_LIMIT_MAX: positiveInt.prefault('30'),
  GEOCODE_RATE_LIMIT_WINDOW_SECONDS: positiveInt.prefault('60'),
  CONTACT_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  CONTACT_RATE_LIMIT_MAX: positiveInt.prefault('5'),
  CONTACT_RATE_LIMIT_WINDOW_SECONDS: positiveInt.prefault('3600'),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  WEB_DIST: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.prefault(String(ACCESS_TOKEN_TTL_SECONDS)),
  REFRESH_TOKEN_TTL_SECONDS: positiveInt.prefault(String(REFRESH_TOKEN_TTL_SECONDS)),
  AUTH_RATE_LIMIT_MAX: positiveInt.prefault('30'),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt.prefault('60'),
  LOGIN_FAILURE_LIMIT: positiveInt.prefault('5'),
  LOGIN_FAILURE_WINDOW_MINUTES: positiveInt.prefault('15'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_USERINFO_URL: url(['http:', 'https:']).default(
    'https://openidconnect.googleapis.com/v1/userinfo',
  ),
  GOOGLE_TOKENINFO_URL: url(['http:', 'https:']).default('https://oauth2.googleapis.com/tokeninfo'),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_JWKS_URL: url(['http:', 'https:']).default('https://appleid.apple.com/auth/keys'),
  APPLE_ISSUER: z.string().default('https://appleid.apple.com'),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  FACEBOOK_GRAPH_URL: url(['http:', 'https:'])
    .default('https://graph.facebook.com')
    .transform((value) => value.replace(/\/+$/, '')),
  QUERY_COUNT_HEADER: trueOrFalse,
  TRUST_PROXY: trustProxy,
  ANONYMOUS_CACHE_MS: anonymousCacheMs,
  JOBS_LEASE_SECONDS: positiveInt.prefault('60'),
  ...ZActionLimitsEnv.shape,
  NEW_MEMBER_DAYS: positiveInt.prefault(DEFAULT_NEW_MEMBER_LIMITS.NEW_MEMBER_DAYS),
  NEW_MEMBER_GRADUATE_LIKES: positiveInt.prefault(
    DEFAULT_NEW_MEMBER_LIMITS.NEW_MEMBER_GRADUATE_LIKES,
  ),
  NEW_MEMBER_MAX_LINKS: limitOrOff('NEW_MEMBER_MAX_LINKS', 0),
  NEW_MEMBER_MAX_MENTIONS: limitOrOff('NEW_MEMBER_MAX_MENTIONS', 0),
  NEW_MEMBER_CHAT_STARTS: limitWindows(DEFAULT_NEW_MEMBER_LIMITS.NEW_MEMBER_CHAT_STARTS),
  NEW_MEMBER_MAX_UPLOAD_BYTES: limitOrOff('NEW_MEMBER_MAX_UPLOAD_BYTES', 1),
  UPLOAD_QUOTA_BYTES: positiveInt.prefault(String(DEFAULT_UPLOAD_QUOTA_BYTES)),
});

/**
 * Two connections per core: PostgreSQL on the same machine runs no more statements at once
 * than it has cores, and more connections only add switching between its backends (on two
 * cores, 4 connections served the feed with ~20 % less PostgreSQL CPU per request than
 * node-postgres's default of 10; bench/RESULTS.md).
 */
const defaultPoolSize = () => 2 * availableParallelism();

/** Reads the secret kept in the data folder, creating it on first start. */
function embeddedJwtSecret(dataDir: string): string {
  const file = join(dataDir, JWT_SECRET_FILE);
  try {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < JWT_SECRET_MIN_LENGTH) {
      throw new ConfigError(
        `Invalid configuration: ${file} holds a secret shorter than ${JWT_SECRET_MIN_LENGTH} characters; delete it to generate a new one`,
      );
    }
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** The bucket's settings, or none: then S3_* details without S3_BUCKET are a mistake. */
function s3Settings(
  vars: z.infer<typeof ZEnv>,
  present: Record<string, string | undefined>,
): S3Settings | undefined {
  if (!vars.S3_BUCKET) {
    const stray = S3_DETAILS.find((name) => present[name] !== undefined);
    if (stray) {
      throw new ConfigError(
        `Invalid configuration: S3_BUCKET is required when ${stray} is set (uploads stay on disk without a bucket)`,
      );
    }
    return undefined;
  }
  if (Boolean(vars.S3_ACCESS_KEY_ID) !== Boolean(vars.S3_SECRET_ACCESS_KEY)) {
    const [missing, given] = vars.S3_ACCESS_KEY_ID
      ? ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID']
      : ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
    throw new ConfigError(
      `Invalid configuration: ${missing} is required when ${given} is set (leave both unset to use the instance's own credentials)`,
    );
  }
  return {
    bucket: vars.S3_BUCKET,
    endpoint: vars.S3_ENDPOINT,
    region: vars.S3_REGION,
    credentials:
      vars.S3_ACCESS_KEY_ID && vars.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: vars.S3_ACCESS_KEY_ID, secretAccessKey: vars.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE,
    publicUrl: vars.S3_PUBLIC_URL,
    checksums: vars.S3_CHECKSUMS,
  };
}

/**
 * Turns the environment into a typed config. Never prints or exits: a bad value throws a
 * ConfigError whose message is one line naming the variable (main.ts prints it).
 * Embedded mode creates DATA_DIR and its JWT secret file on first use.
 */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  // `FOO=` in a shell or .env file means "not set", not "set to nothing".
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = ZEnv.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const vars = parsed.data;
  // Unset, it follows PORT: mailed links then reach a server started on another port.
  const publicUrl = vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`;
  // npm sets INIT_CWD to where the user ran it, so `npm start` at the repo root keeps ./data there.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = resolve(base, vars.DATA_DIR);

  if (vars.DATABASE_URL && !vars.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration: JWT_SECRET is required when DATABASE_URL is set (every instance must share it)',
    );
  }

  if (Boolean(vars.FACEBOOK_APP_ID) !== Boolean(vars.FACEBOOK_APP_SECRET)) {
    throw new ConfigError(
      `Invalid configuration: ${vars.FACEBOOK_APP_ID ? 'FACEBOOK_APP_SECRET' : 'FACEBOOK_APP_ID'} is required when ${vars.FACEBOOK_APP_ID ? 'FACEBOOK_APP_ID' : 'FACEBOOK_APP_SECRET'} is set (Facebook sign-in needs both)`,
    );
  }

  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    databasePoolSize: vars.DATABASE_POOL_SIZE ?? defaultPoolSize(),
    redisUrl: vars.REDIS_URL,
    publicUrl,
    jwtSecret: vars.JWT_SECRET ?? embeddedJwtSecret(dataDir),
    s3: s3Settings(vars, present),
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? `Agora <no-reply@${new URL(publicUrl).hostname}>`,
    geocoderUrl: vars.GEOCODER_URL,
    geocodeRateLimitMax: vars.GEOCODE_RATE_LIMIT_MAX,
    geocodeRateLimitWindowSeconds: vars.GEOCODE_RATE_LIMIT_WINDOW_SECONDS,
    contactEmail: vars.CONTACT_EMAIL,
    contactRateLimitMax: vars.CONTACT_RATE_LIMIT_MAX,
    contactRateLimitWindowSeconds: vars.CONTACT_RATE_LIMIT_WINDOW_SECONDS,
    logLevel: vars.LOG_LEVEL,
    webDist: vars.WEB_DIST ? resolve(base, vars.WEB_DIST) : DEFAULT_WEB_DIST,
    accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: vars.REFRESH_TOKEN_TTL_SECONDS,
    authRateLimitMax: vars.AUTH_RATE_LIMIT_MAX,
    authRateLimitWindowSeconds: vars.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    loginFailureLimit: vars.LOGIN_FAILURE_LIMIT,
    loginFailureWindowMinutes: vars.LOGIN_FAILURE_WINDOW_MINUTES,
    googleClientId: vars.GOOGLE_CLIENT_ID,
    googleUserinfoUrl: vars.GOOGLE_USERINFO_URL,
    googleTokeninfoUrl: vars.GOOGLE_TOKENINFO_URL,
    appleClientId: vars.APPLE_CLIENT_ID,
    appleJwksUrl: vars.APPLE_JWKS_URL,
    appleIssuer: vars.APPLE_ISSUER,
    facebookAppId: vars.FACEBOOK_APP_ID,
    facebookAppSecret: vars.FACEBOOK_APP_SECRET,
    facebookGraphUrl: vars.FACEBOOK_GRAPH_URL,
    queryCountHeader: vars.QUERY_COUNT_HEADER,
    trustProxy: vars.TRUST_PROXY,
    anonymousCacheMs: vars.ANONYMOUS_CACHE_MS,
    jobsLeaseSeconds: vars.JOBS_LEASE_SECONDS,
    actionLimits: Object.fromEntries(
      LIMITED_ACTIONS.map((action) => [action, vars[limitVariable(action)]]),
    ) as ActionLimits,
    newMembers: {
      days: vars.NEW_MEMBER_DAYS,
      graduateLikes: vars.NEW_MEMBER_GRADUATE_LIKES,
      maxLinks: vars.NEW_MEMBER_MAX_LINKS,
      maxMentions: vars.NEW_MEMBER_MAX_MENTIONS,
      chatStarts: vars.NEW_MEMBER_CHAT_STARTS,
      maxUploadBytes: vars.NEW_MEMBER_MAX_UPLOAD_BYTES,
    },
    uploadQuotaBytes: vars.UPLOAD_QUOTA_BYTES,
  };
}
