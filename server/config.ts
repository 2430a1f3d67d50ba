/**
 * Server configuration from environment variables, read once at start (docs/operations.md lists
 * every variable). Tests build a config object directly instead.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { compactIban } from '#domain/iban';
import { parseRate } from '#domain/money';

/**
 * The configured host list (ServerConfig.pushAllowedHosts): a list of suffixes, `'*'` for any
 * public host, or null when not configured (production: the browsers' push services,
 * DEFAULT_PUSH_HOSTS of server/notifications/destinations.ts; elsewhere any host). Parsed here,
 * at the bottom layer, so the configuration imports no feature.
 */
export type PushAllowedHosts = readonly string[] | '*' | null;

const HOST_SUFFIX = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** PUSH_ALLOWED_HOSTS: comma-separated host suffixes (`*.push.apple.com` = `push.apple.com`), or `*`. */
export function parsePushAllowedHosts(raw: string | undefined): PushAllowedHosts {
  const text = raw?.trim();
  if (!text) return null;
  if (text === '*') return '*';
  const hosts = text
    .split(',')
    .map((s) => s.trim().toLowerCase().replace(/^\*?\./, '').replace(/\.$/, ''))
    .filter(Boolean);
  for (const h of hosts) if (!HOST_SUFFIX.test(h) || isIP(h) !== 0) throw new Error(`PUSH_ALLOWED_HOSTS: '${h}' is not a host name (comma-separated host suffixes, or *)`);
  if (hosts.length === 0) throw new Error('PUSH_ALLOWED_HOSTS: no host names (comma-separated host suffixes, or *)');
  return hosts;
}

export interface ServerConfig {
  port: number;
  host: string;
  production: boolean;
  dataDir: string;
  databaseUrl: string | null;
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  loginCodeTtlSeconds: number;
  loginCodeMaxAttempts: number;
  sendCodeLimitPerEmail: number;
  sendCodeLimitPerIp: number;
  sendCodeWindowSeconds: number;
  /**
   * The gate in front of every auth route: requests per client address per window, counted in
   * memory by each API process (@fastify/rate-limit; with API_PROCESSES=n an address gets up to
   * n times this). Refuses floods before any body is parsed or database touched.
   */
  authRateLimitPerIp: number;
  authRateLimitWindowSeconds: number;
  /**
   * Login attempts (email-code and password login together) per account and per address within
   * the window, counted in the database (exact across processes and restarts), refused before
   * any password is hashed.
   */
  loginLimitPerAccount: number;
  loginLimitPerIp: number;
  loginWindowSeconds: number;
  reservationLimitMinutes: number;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * The automation key (STAFF_TOKEN): a bearer for scripts that acts on /api/staff/* with every
   * role and every market, recorded in the audit trail as `staffAutomationName`. Empty: no key
   * (production without STAFF_TOKEN); staff then sign in with their own accounts.
   */
  staffToken: string;
  staffAutomationName: string;
  /** True when STAFF_TOKEN was not set and the dev default is in use. */
  staffTokenIsDefault: boolean;
  distDir: string;
  bodyLimitBytes: number;
  trustProxy: boolean;
  /**
   * Strict-Transport-Security (HSTS): 'auto' sends it on answers to requests that came over TLS
   * (with TRUST_PROXY, a proxy's `X-Forwarded-Proto: https`), 'always' on every answer (the
   * origin is only ever reached over TLS), 'off' never. Env HSTS: unset/auto, 1/always, 0/off.
   */
  hsts: HstsMode;
  seedDemo: boolean;
  /** Photo files of the filesystem PhotoStorage (PHOTO_DIR, else DATA_DIR/photos). */
  photoDir: string;
  /** STORAGE=s3: photo files in an S3-compatible bucket (server/storage/s3-storage.ts); null = the filesystem. */
  s3: S3Config | null;
  /** Maximum photo upload (PUT /api/uploads/…) in bytes; 413 above. */
  uploadMaxBytes: number;
  /**
   * The most one account's unfinished resumable uploads may declare together (UPLOAD_IN_FLIGHT_MAX_BYTES);
   * null = twice uploadMaxBytes. A creation above it is a 429.
   */
  uploadsInFlightMaxBytes: number | null;
  /** Lifetime of a presigned upload URL. */
  uploadUrlTtlSeconds: number;
  /** Lifetime of a signed photo read URL (Photo.url). */
  photoUrlTtlSeconds: number;
  /**
   * The most of a week's earnings that repays an earlier overpayment (spec section 9), as basis
   * points (3000 = 30 %); the rest carries over. Env MAX_DEDUCTION_RATE: a decimal 0–1, e.g. 0.3.
   */
  maxDeductionRateBp: number;
  /**
   * The paying account of the SEPA credit-transfer file (PAYOUT_DEBTOR_NAME, PAYOUT_DEBTOR_IBAN,
   * PAYOUT_DEBTOR_BIC; the BIC may be empty). The defaults are a demo account.
   */
  payoutDebtor: { name: string; iban: string; bic: string };
  /** The map's tile service in production; null styleUrl: the app's offline basemap only. */
  map: MapConfig;
  /**
   * Web push: VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY (base64url, e.g. from `npx web-push
   * generate-vapid-keys`), else a pair made once and kept in the database; VAPID_SUBJECT (mailto: or
   * https URL) names who sends. Optional so tests may leave it out.
   */
  vapid?: { publicKey: string | null; privateKey: string | null; subject: string } | null;
  /**
   * Where pushes may go (server/notifications/destinations.ts). PUSH_ALLOWED_HOSTS: comma-separated
   * host suffixes (`push.example.com` also allows `eu.push.example.com`), or `*` for any host with
   * public addresses. Unset (null): in production the browsers' push services (FCM, Mozilla
   * autopush, Apple, Windows WNS), elsewhere any host.
   */
  pushAllowedHosts?: PushAllowedHosts;
  /**
   * Google sign-in (server/auth/google.ts): on only when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET
   * are both set; null (or left out, in tests) = off. GOOGLE_OIDC_ISSUER (default Google's) is the
   * OpenID provider, https (http only on localhost, for tests); GOOGLE_REDIRECT_URL the app's
   * callback registered at the provider (null: the origin the request came to + /auth/google/callback).
   */
  google?: GoogleConfig | null;
  /**
   * METRICS_TOKEN: `GET /metrics` (Prometheus text) answers only with `Authorization: Bearer <it>`.
   * Unset (null): metrics off — no route (404) and nothing collected. Optional so tests may leave it out.
   */
  metricsToken?: string | null;
}

export interface GoogleConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUrl: string | null;
}

/** Whether an http URL is allowed: only to this machine (the test provider). */
function isLoopback(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
}

export function googleConfigFromEnv(env: NodeJS.ProcessEnv): GoogleConfig | null {
  const clientId = env.GOOGLE_CLIENT_ID?.trim() || null;
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim() || null;
  if ((clientId === null) !== (clientSecret === null)) throw new Error('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together: set both or neither.');
  if (clientId === null || clientSecret === null) return null;
  const httpsOrLoopback = (value: string, name: string): string => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`${name} must be a URL (got '${value}')`);
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url))) throw new Error(`${name} must be https (http only on localhost): ${value}`);
    return value;
  };
  const issuer = httpsOrLoopback(env.GOOGLE_OIDC_ISSUER?.trim() || 'https://accounts.google.com', 'GOOGLE_OIDC_ISSUER');
  const redirect = env.GOOGLE_REDIRECT_URL?.trim() || null;
  return { issuer, clientId, clientSecret, redirectUrl: redirect === null ? null : httpsOrLoopback(redirect, 'GOOGLE_REDIRECT_URL') };
}

function vapidFromEnv(env: NodeJS.ProcessEnv): NonNullable<ServerConfig['vapid']> {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || null;
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || null;
  if ((publicKey === null) !== (privateKey === null)) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither.');
  const subject = env.VAPID_SUBJECT?.trim() || 'mailto:support@shelfwork.app';
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new Error('VAPID_SUBJECT must be a mailto: address or an https:// URL.');
  return { publicKey, privateKey, subject };
}

export type HstsMode = 'auto' | 'always' | 'off';

/** The development staff token printed at start; refused in production. */
export const DEV_STAFF_TOKEN = 'dev-staff-token';

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min} (got '${raw}')`);
  return n;
}

function boolEnv(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  return raw === '1' || raw === 'true' || raw === 'yes';
}

function rateEnv(env: NodeJS.ProcessEnv, name: string, fallback: string): number {
  const raw = env[name]?.trim() || fallback;
  try {
    return Number(parseRate(raw));
  } catch {
    throw new Error(`${name} must be a decimal from 0 to 1 with up to four decimals, e.g. 0.3 (got '${raw}')`);
  }
}

function hstsEnv(env: NodeJS.ProcessEnv): HstsMode {
  const raw = env.HSTS?.trim().toLowerCase();
  if (!raw || raw === 'auto') return 'auto';
  if (raw === '1' || raw === 'true' || raw === 'yes' || raw === 'always' || raw === 'on') return 'always';
  if (raw === '0' || raw === 'false' || raw === 'no' || raw === 'off') return 'off';
  throw new Error(`HSTS must be auto, 1 (always) or 0 (off) (got '${env.HSTS}')`);
}

/** Reads and checks the environment; throws an Error with a plain message when it cannot start. */
export interface MapConfig {
  /** MAP_STYLE_URL: a MapLibre style.json of a tile service (https). */
  styleUrl: string | null;
  /** MAP_ATTRIBUTION: the service's attribution, shown on the map (plain text). */
  attribution: string | null;
  /** The style's origin plus MAP_ORIGINS (comma-separated: its tiles, glyphs, sprites): into the CSP. */
  origins: string[];
}

/** The map's tile service from the environment; a malformed URL is refused at start. */
export function mapConfigFromEnv(env: NodeJS.ProcessEnv): MapConfig {
  const raw = env.MAP_STYLE_URL?.trim() || null;
  const origins = new Set<string>();
  const originOf = (value: string, name: string) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`${name} is not a URL: ${value}`);
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && url.hostname === 'localhost')) throw new Error(`${name} must be https: ${value}`);
    return url.origin;
  };
  if (raw) origins.add(originOf(raw, 'MAP_STYLE_URL'));
  for (const extra of (env.MAP_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean)) origins.add(originOf(extra, 'MAP_ORIGINS'));
  return { styleUrl: raw, attribution: env.MAP_ATTRIBUTION?.trim() || null, origins: [...origins] };
}

/** An S3-compatible bucket for the photo files (STORAGE=s3). */
export interface S3Config {
  bucket: string;
  region: string;
  /** S3_ENDPOINT (MinIO, R2, …); null = AWS S3 of the region. */
  endpoint: string | null;
  /** S3_FORCE_PATH_STYLE: `<endpoint>/<bucket>/<key>` instead of `<bucket>.<host>` (MinIO needs it). */
  forcePathStyle: boolean;
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; null = the SDK's default chain (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/** STORAGE=s3 with S3_BUCKET (+ S3_REGION, S3_ENDPOINT, S3_FORCE_PATH_STYLE, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY); else null. */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3Config | null {
  const kind = (env.STORAGE?.trim() || 'fs').toLowerCase();
  if (kind === 'fs') return null;
  if (kind !== 's3') throw new Error(`STORAGE must be fs or s3, not ${kind}`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('STORAGE=s3 needs S3_BUCKET');
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (endpoint) {
    const url = new URL(endpoint);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('S3_ENDPOINT must be an http(s) URL');
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  return {
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint,
    forcePathStyle: boolEnv(env, 'S3_FORCE_PATH_STYLE', false),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
  };
}

/** The origin the browser reaches the bucket at (presigned PUT and GET): for the CSP's connect-src and img-src. */
export function s3Origin(s3: S3Config): string {
  if (s3.endpoint) {
    const url = new URL(s3.endpoint);
    return s3.forcePathStyle ? url.origin : `${url.protocol}//${s3.bucket}.${url.host}`;
  }
  return s3.forcePathStyle ? `https://s3.${s3.region}.amazonaws.com` : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (production && !smtpUrl) {
    throw new Error('NODE_ENV=production needs SMTP_URL: login codes must be mailed, the dev mailbox is disabled in production.');
  }
  const staffTokenEnv = env.STAFF_TOKEN?.trim() || null;
  if (production && staffTokenEnv === DEV_STAFF_TOKEN) {
    throw new Error('STAFF_TOKEN must not be the development default in production.');
  }
  return {
    port: intEnv(env, 'PORT', 8080, 0),
    host: env.HOST?.trim() || '0.0.0.0',
    production,
    dataDir: env.DATA_DIR?.trim() || './data',
    databaseUrl: env.DATABASE_URL?.trim() || null,
    jwtSecret: env.JWT_SECRET?.trim() || null,
    accessTokenTtlSeconds: intEnv(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60),
    refreshTokenTtlSeconds: intEnv(env, 'REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600),
    loginCodeTtlSeconds: intEnv(env, 'LOGIN_CODE_TTL_SECONDS', 10 * 60),
    loginCodeMaxAttempts: intEnv(env, 'LOGIN_CODE_MAX_ATTEMPTS', 5),
    sendCodeLimitPerEmail: intEnv(env, 'SEND_CODE_LIMIT_PER_EMAIL', 5),
    sendCodeLimitPerIp: intEnv(env, 'SEND_CODE_LIMIT_PER_IP', 30),
    sendCodeWindowSeconds: intEnv(env, 'SEND_CODE_WINDOW_SECONDS', 15 * 60),
    authRateLimitPerIp: intEnv(env, 'AUTH_RATE_LIMIT_PER_IP', 60),
    authRateLimitWindowSeconds: intEnv(env, 'AUTH_RATE_LIMIT_WINDOW_SECONDS', 60),
    loginLimitPerAccount: intEnv(env, 'LOGIN_LIMIT_PER_ACCOUNT', 10),
    loginLimitPerIp: intEnv(env, 'LOGIN_LIMIT_PER_IP', 50),
    loginWindowSeconds: intEnv(env, 'LOGIN_WINDOW_SECONDS', 15 * 60),
    reservationLimitMinutes: intEnv(env, 'RESERVATION_LIMIT_MINUTES', 1200),
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || 'Shelfwork <no-reply@shelfwork.app>',
    // Production without STAFF_TOKEN has no automation key: staff sign in with their accounts.
    staffToken: staffTokenEnv ?? (production ? '' : DEV_STAFF_TOKEN),
    staffTokenIsDefault: staffTokenEnv === null && !production,
    staffAutomationName: env.STAFF_AUTOMATION_NAME?.trim() || 'automation',
    distDir: env.DIST_DIR?.trim() || './dist',
    bodyLimitBytes: intEnv(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    trustProxy: boolEnv(env, 'TRUST_PROXY', false),
    hsts: hstsEnv(env),
    // Demo accounts have known passwords: a production server seeds them only when told to.
    seedDemo: boolEnv(env, 'SEED_DEMO', !production),
    photoDir: env.PHOTO_DIR?.trim() || join(env.DATA_DIR?.trim() || './data', 'photos'),
    uploadMaxBytes: intEnv(env, 'UPLOAD_MAX_BYTES', 10 * 1024 * 1024),
    uploadsInFlightMaxBytes: env.UPLOAD_IN_FLIGHT_MAX_BYTES?.trim() ? intEnv(env, 'UPLOAD_IN_FLIGHT_MAX_BYTES', 1) : null,
    s3: s3ConfigFromEnv(env),
    uploadUrlTtlSeconds: intEnv(env, 'UPLOAD_URL_TTL_SECONDS', 15 * 60),
    photoUrlTtlSeconds: intEnv(env, 'PHOTO_URL_TTL_SECONDS', 3600),
    maxDeductionRateBp: rateEnv(env, 'MAX_DEDUCTION_RATE', '0.30'),
    map: mapConfigFromEnv(env),
    vapid: vapidFromEnv(env),
    pushAllowedHosts: parsePushAllowedHosts(env.PUSH_ALLOWED_HOSTS),
    google: googleConfigFromEnv(env),
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    payoutDebtor: {
      name: env.PAYOUT_DEBTOR_NAME?.trim() || 'Shelfwork UAB',
      iban: compactIban(env.PAYOUT_DEBTOR_IBAN ?? '') || 'LT121000011101001000',
      bic: env.PAYOUT_DEBTOR_BIC?.trim().toUpperCase() || '',
    },
  };
}

/**
 * A config for tests: dev mail, a fixed staff token, a random JWT secret, and auth limits out of
 * the way (every injected request comes from 127.0.0.1 at a fixed clock; test/server/auth-throttle
 * sets the limits it tests, and checks the production defaults).
 */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({}),
    jwtSecret: randomBytes(32).toString('hex'),
    staffToken: 'test-staff-token',
    staffTokenIsDefault: false,
    authRateLimitPerIp: 1_000_000,
    loginLimitPerAccount: 1_000_000,
    loginLimitPerIp: 1_000_000,
    distDir: './.no-dist-in-tests',
    // Photo files of a test go to a fresh temp folder (created on the first upload), never ./data.
    photoDir: join(tmpdir(), `shelfwork-test-photos-${randomBytes(6).toString('hex')}`),
    ...overrides,
  };
}
