import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** Account and limit settings every config has unless the environment says otherwise. */
const AUTH_DEFAULTS = {
  accessTokenTtlSeconds: 300,
  refreshTokenTtlSeconds: 14 * 24 * 60 * 60,
  authRateLimitMax: 30,
  authRateLimitWindowSeconds: 60,
  loginFailureLimit: 5,
  loginFailureWindowMinutes: 15,
  googleClientId: undefined,
  googleUserinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  googleTokeninfoUrl: 'https://oauth2.googleapis.com/tokeninfo',
  appleClientId: undefined,
  appleJwksUrl: 'https://appleid.apple.com/auth/keys',
  appleIssuer: 'https://appleid.apple.com',
  facebookAppId: undefined,
  facebookAppSecret: undefined,
  facebookGraphUrl: 'https://graph.facebook.com',
  queryCountHeader: false,
  anonymousCacheMs: 2000,
  jobsLeaseSeconds: 60,
  contactEmail: undefined,
  contactRateLimitMax: 5,
  contactRateLimitWindowSeconds: 3600,
  geocoderUrl: undefined,
  geocodeRateLimitMax: 30,
  geocodeRateLimitWindowSeconds: 60,
  actionLimits: {
    posts: [
      { max: 10, seconds: 60 },
      { max: 100, seconds: 86_400 },
    ],
    comments: [{ max: 20, seconds: 60 }],
    likes: [{ max: 60, seconds: 60 }],
    reports: [{ max: 10, seconds: 600 }],
    chat_messages: [
      { max: 5, seconds: 1 },
      { max: 60, seconds: 60 },
    ],
    chat_starts: [{ max: 10, seconds: 3600 }],
    uploads: [{ max: 20, seconds: 60 }],
  },
  newMembers: {
    days: 3,
    graduateLikes: 5,
    maxLinks: 2,
    maxMentions: 2,
    chatStarts: [{ max: 3, seconds: 86_400 }],
    maxUploadBytes: 1024 * 1024,
  },
  uploadQuotaBytes: 1024 * 1024 * 1024,
};

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'agora-config-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('has a default for everything the embedded mode needs', () => {
    const config = loadConfig({ INIT_CWD: dataDir });
    expect(config).toEqual({
      port: 8000,
      host: '0.0.0.0',
      dataDir: join(dataDir, 'data'),
      databaseUrl: undefined,
      databasePoolSize: 2 * availableParallelism(),
      redisUrl: undefined,
      publicUrl: 'http://localhost:8000',
      jwtSecret: expect.stringMatching(/^[\w-]{64}$/),
      smtpUrl: undefined,
      mailFrom: 'Agora <no-reply@localhost>',
      logLevel: 'info',
      webDist: resolve(import.meta.dirname, '../../web/dist'),
      ...AUTH_DEFAULTS,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://agora@db:5432/agora',
      DATABASE_POOL_SIZE: '6',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://agora.example.org/',
      JWT_SECRET: 's'.repeat(40),
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Agora <hello@agora.example.org>',
      LOG_LEVEL: 'debug',
      WEB_DIST: '/srv/agora/web',
    });
    expect(config).toEqual({
      port: 9000,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: 'postgres://agora@db:5432/agora',
      databasePoolSize: 6,
      redisUrl: 'redis://cache:6379',
      publicUrl: 'https://agora.example.org',
      jwtSecret: 's'.repeat(40),
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Agora <hello@agora.example.org>',
      logLevel: 'debug',
      webDist: '/srv/agora/web',
      ...AUTH_DEFAULTS,
    });
  });

  it('reads the contact and reverse-geocoding settings', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      CONTACT_EMAIL: 'team@agora.example.org',
      CONTACT_RATE_LIMIT_MAX: '3',
      CONTACT_RATE_LIMIT_WINDOW_SECONDS: '600',
      GEOCODER_URL: 'https://nominatim.example.org/',
      GEOCODE_RATE_LIMIT_MAX: '10',
      GEOCODE_RATE_LIMIT_WINDOW_SECONDS: '30',
    });
    expect(config).toMatchObject({
      contactEmail: 'team@agora.example.org',
      contactRateLimitMax: 3,
      contactRateLimitWindowSeconds: 600,
      geocoderUrl: 'https://nominatim.example.org',
      geocodeRateLimitMax: 10,
      geocodeRateLimitWindowSeconds: 30,
    });
  });

  it('reads the account settings', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ACCESS_TOKEN_TTL_SECONDS: '60',
      AUTH_RATE_LIMIT_MAX: '5',
      LOGIN_FAILURE_LIMIT: '3',
      GOOGLE_CLIENT_ID: 'g-id',
      APPLE_CLIENT_ID: 'org.example.agora',
      FACEBOOK_APP_ID: 'fb-id',
      FACEBOOK_APP_SECRET: 'fb-secret',
      FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9/',
    });
    expect(config).toMatchObject({
      accessTokenTtlSeconds: 60,
      authRateLimitMax: 5,
      loginFailureLimit: 3,
      googleClientId: 'g-id',
      appleClientId: 'org.example.agora',
      facebookAppId: 'fb-id',
      facebookAppSecret: 'fb-secret',
      facebookGraphUrl: 'http://127.0.0.1:9',
    });
  });

  it('keeps uploads on disk unless S3_BUCKET is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).s3).toBeUndefined();
  });

  it('reads the S3 settings, with the defaults of a bucket on AWS', () => {
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'agora-media' }).s3).toEqual({
      bucket: 'agora-media',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      publicUrl: undefined,
      checksums: 'WHEN_SUPPORTED',
    });
    const config = loadConfig({
      DATA_DIR: dataDir,
      S3_BUCKET: 'agora.media-2',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://cdn.example.org/media/',
      S3_CHECKSUMS: 'WHEN_REQUIRED',
    });
    expect(config.s3).toEqual({
      bucket: 'agora.media-2',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.org/media',
      checksums: 'WHEN_REQUIRED',
    });
  });

  it('turns the query count header on only when asked', () => {
    expect(loadConfig({ DATA_DIR: dataDir, QUERY_COUNT_HEADER: 'true' }).queryCountHeader).toBe(
      true,
    );
    expect(loadConfig({ DATA_DIR: dataDir }).queryCountHeader).toBe(false);
  });

  it('copies public answers for 2 s unless ANONYMOUS_CACHE_MS says otherwise (0: off)', () => {
    const ttl = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir, ANONYMOUS_CACHE_MS: value }).anonymousCacheMs;
    expect(ttl()).toBe(2000);
    expect(ttl('0')).toBe(0);
    expect(ttl('500')).toBe(500);
  });

  it('reads TRUST_PROXY as hops or as proxy addresses, and trusts no proxy when unset', () => {
    const trusted = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;
    expect(trusted()).toBeUndefined();
    expect(trusted('2')).toBe(2);
    expect(trusted('10.0.0.0/8, 192.168.1.7,loopback, fd00::/8')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
      'fd00::/8',
    ]);
  });

  it('reads the per-member write limits, each off or as max/seconds windows', () => {
    const limits = loadConfig({
      DATA_DIR: dataDir,
      RATE_LIMIT_CHAT_MESSAGES: '3/1, 30/60',
      RATE_LIMIT_LIKES: 'off',
    }).actionLimits;
    expect(limits.chat_messages).toEqual([
      { max: 3, seconds: 1 },
      { max: 30, seconds: 60 },
    ]);
    expect(limits.likes).toEqual([]);
    expect(limits.posts).toEqual([
      { max: 10, seconds: 60 },
      { max: 100, seconds: 86_400 },
    ]);
    expect(() => loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_POSTS: '10 per minute' })).toThrow(
      'Invalid configuration: RATE_LIMIT_POSTS must be "off" or windows such as "5/1,60/60" (5 a second and 60 a minute)',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_UPLOADS: '0/60' })).toThrow(
      'RATE_LIMIT_UPLOADS must be',
    );
  });

  it('reads the storage quota, a whole number of bytes', () => {
    expect(loadConfig({ DATA_DIR: dataDir, UPLOAD_QUOTA_BYTES: '5000000' }).uploadQuotaBytes).toBe(
      5_000_000,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, UPLOAD_QUOTA_BYTES: '1 GB' })).toThrow(
      'UPLOAD_QUOTA_BYTES',
    );
  });

  it('reads the new-member limits, each off or a number, chat starts as windows', () => {
    const limits = loadConfig({
      DATA_DIR: dataDir,
      NEW_MEMBER_DAYS: '7',
      NEW_MEMBER_GRADUATE_LIKES: '10',
      NEW_MEMBER_MAX_LINKS: '0',
      NEW_MEMBER_MAX_MENTIONS: 'off',
      NEW_MEMBER_CHAT_STARTS: '1/3600, 5/86400',
      NEW_MEMBER_MAX_UPLOAD_BYTES: '524288',
    }).newMembers;
    expect(limits).toEqual({
      days: 7,
      graduateLikes: 10,
      maxLinks: 0,
      maxMentions: null,
      chatStarts: [
        { max: 1, seconds: 3600 },
        { max: 5, seconds: 86_400 },
      ],
      maxUploadBytes: 524_288,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        NEW_MEMBER_CHAT_STARTS: 'off',
        NEW_MEMBER_MAX_UPLOAD_BYTES: 'off',
      }).newMembers,
    ).toMatchObject({ chatStarts: [], maxUploadBytes: null });
    expect(() => loadConfig({ DATA_DIR: dataDir, NEW_MEMBER_MAX_LINKS: 'two' })).toThrow(
      'Invalid configuration: NEW_MEMBER_MAX_LINKS must be "off" or a whole number of at least 0',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, NEW_MEMBER_MAX_UPLOAD_BYTES: '0' })).toThrow(
      'NEW_MEMBER_MAX_UPLOAD_BYTES must be "off" or a whole number of at least 1',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, NEW_MEMBER_CHAT_STARTS: '3 a day' })).toThrow(
      'NEW_MEMBER_CHAT_STARTS must be "off" or windows such as',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, NEW_MEMBER_DAYS: '0' })).toThrow(
      'NEW_MEMBER_DAYS must be a whole number of at least 1',
    );
  });

  it('resolves a relative DATA_DIR against the folder npm was started in', () => {
    expect(loadConfig({ DATA_DIR: 'store', INIT_CWD: dataDir }).dataDir).toBe(
      join(dataDir, 'store'),
    );
    const fromCwd = loadConfig({ DATA_DIR: join(dataDir, 'x') });
    expect(fromCwd.dataDir).toBe(join(dataDir, 'x'));
  });

  it('points PUBLIC_URL at PORT when it is not set, so mailed links reach this server', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '8234' }).publicUrl).toBe('http://localhost:8234');
    expect(
      loadConfig({ DATA_DIR: dataDir, PORT: '8234', PUBLIC_URL: 'https://agora.example.org' })
        .publicUrl,
    ).toBe('https://agora.example.org');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '', SMTP_URL: ' ' })).toMatchObject({
      port: 8000,
      smtpUrl: undefined,
    });
  });

  it.each([
    [{ PORT: '0' }, 'Invalid configuration: PORT must be an integer between 1 and 65535'],
    [{ PORT: '80a' }, 'Invalid configuration: PORT must be an integer between 1 and 65535'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be an integer between 1 and 65535'],
    [
      { DATABASE_URL: 'mysql://db/agora', JWT_SECRET: 's'.repeat(32) },
      'Invalid configuration: DATABASE_URL must be a URL starting with postgres:// or postgresql://',
    ],
    [
      { REDIS_URL: 'localhost:6379' },
      'Invalid configuration: REDIS_URL must be a URL starting with redis:// or rediss://',
    ],
    [
      { PUBLIC_URL: 'agora.example.org' },
      'Invalid configuration: PUBLIC_URL must be a URL starting with http:// or https://',
    ],
    [
      { SMTP_URL: 'mail:25' },
      'Invalid configuration: SMTP_URL must be a URL starting with smtp:// or smtps://',
    ],
    [
      { JWT_SECRET: 'short' },
      'Invalid configuration: JWT_SECRET must be at least 32 characters long',
    ],
    [
      { MAIL_FROM: 'Agora' },
      'Invalid configuration: MAIL_FROM must be an address such as "Agora <no-reply@example.org>"',
    ],
    [
      { LOG_LEVEL: 'verbose' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [{ CONTACT_EMAIL: 'team' }, 'Invalid configuration: CONTACT_EMAIL must be an email address'],
    [
      { GEOCODER_URL: 'nominatim.example.org' },
      'Invalid configuration: GEOCODER_URL must be a URL starting with http:// or https://',
    ],
    [
      { QUERY_COUNT_HEADER: 'yes' },
      'Invalid configuration: QUERY_COUNT_HEADER must be true or false',
    ],
    ...['-1', '1.5', '60001', 'two'].map((value): [Record<string, string>, string] => [
      { ANONYMOUS_CACHE_MS: value },
      'Invalid configuration: ANONYMOUS_CACHE_MS must be a whole number of milliseconds from 0 (off) to 60000',
    ]),
    ...['true', '0', '10.0.0.0/33', 'proxy.example.org', '10.0.0.1,'].map(
      (value): [Record<string, string>, string] => [
        { TRUST_PROXY: value },
        'Invalid configuration: TRUST_PROXY must be a number of proxy hops (1 or more) or a comma-separated list of addresses and CIDRs (or loopback, linklocal, uniquelocal)',
      ],
    ),
    [
      { DATABASE_POOL_SIZE: '0' },
      'Invalid configuration: DATABASE_POOL_SIZE must be a whole number of at least 1',
    ],
    [
      { AUTH_RATE_LIMIT_MAX: '0' },
      'Invalid configuration: AUTH_RATE_LIMIT_MAX must be a whole number of at least 1',
    ],
    [
      { FACEBOOK_APP_ID: 'fb-id' },
      'Invalid configuration: FACEBOOK_APP_SECRET is required when FACEBOOK_APP_ID is set (Facebook sign-in needs both)',
    ],
    [
      { DATABASE_URL: 'postgres://db/agora' },
      'Invalid configuration: JWT_SECRET is required when DATABASE_URL is set (every instance must share it)',
    ],
    ...['ab', 'Agora-Media', 'media_bucket', '-media', '192.168.0.1', 'a'.repeat(64)].map(
      (value): [Record<string, string>, string] => [
        { S3_BUCKET: value },
        'Invalid configuration: S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
      ],
    ),
    [
      { S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' },
      'Invalid configuration: S3_ENDPOINT must be a URL starting with http:// or https://',
    ],
    [
      { S3_BUCKET: 'media', S3_PUBLIC_URL: 'cdn.example.org' },
      'Invalid configuration: S3_PUBLIC_URL must be a URL starting with http:// or https://',
    ],
    [
      { S3_BUCKET: 'media', S3_REGION: 'EU West' },
      'Invalid configuration: S3_REGION must be a region name such as us-east-1',
    ],
    [
      { S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: '1' },
      'Invalid configuration: S3_FORCE_PATH_STYLE must be true or false',
    ],
    [
      { S3_BUCKET: 'media', S3_CHECKSUMS: 'NEVER' },
      'Invalid configuration: S3_CHECKSUMS must be one of WHEN_SUPPORTED, WHEN_REQUIRED',
    ],
    [
      { S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AKID' },
      "Invalid configuration: S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set (leave both unset to use the instance's own credentials)",
    ],
    [
      { S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'secret' },
      "Invalid configuration: S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set (leave both unset to use the instance's own credentials)",
    ],
    [
      { S3_ENDPOINT: 'http://127.0.0.1:9000' },
      'Invalid configuration: S3_BUCKET is required when S3_ENDPOINT is set (uploads stay on disk without a bucket)',
    ],
  ])('stops on %j with one line naming the variable', (env, message) => {
    const attempt = () => loadConfig({ DATA_DIR: dataDir, ...env });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
    expect(() => attempt()).not.toThrow(/\n/);
  });

  it('names every bad variable on the same line', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(
      /^Invalid configuration: PORT must be .*; LOG_LEVEL must be .*$/,
    );
  });

  it('generates the JWT secret once and keeps it in DATA_DIR/jwt-secret', async () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    const file = join(dataDir, 'jwt-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses a JWT secret file that has been emptied', async () => {
    await writeFile(join(dataDir, 'jwt-secret'), '\n');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(
      /jwt-secret holds a secret shorter than 32/,
    );
  });
});
