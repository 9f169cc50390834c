import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AUTH_TIMEOUT_MS, SOCKET_RATE_PER_SECOND, WS_MAX_MSG_SIZE } from '../shared/constants';
import { ADDRESS_LIMITS } from './http/rateLimits';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../shared/fileConstants';
import { DEFAULT_POOL_SIZE } from './db/postgresDriver';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from './db/statementTimeout';
import { parseStorageUrl, type S3Location } from './files/storageUrl';

/** Everything the server reads from its environment (documented in the README). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  publicUrl?: string;
  siteName: string;
  /** MAP_TILE_URL: an OSM-style tile template (`https://host/{z}/{x}/{y}.png`) for the maps' base layer; without it the bundled outline. */
  mapTileUrl?: string;
  dedicated: boolean;
  smtpUrl?: string;
  /** Only administrators create contacts (non-dedicated deployments). */
  restrictContactCreation: boolean;
  /** Let people register accounts themselves; off by default (COMMUNITY items are for members). */
  allowRegistration: boolean;
  /** Sender of the mail the server sends. */
  mailFrom: string;
  /** Lifetime of a session token, in seconds. */
  tokenTtlSeconds: number;
  /** How long before expiry the server pushes tokenWarning, in seconds. */
  tokenWarningSeconds: number;
  /** How long a token replaced through nextToken keeps working, in seconds. */
  tokenGraceSeconds: number;
  /** A token unused for this long is expired (ASVS 7.3.1), in seconds. */
  tokenIdleSeconds: number;
  /** Longest a session lasts from sign-in, however often its token is refreshed (ASVS 7.3.2), in seconds. */
  tokenMaxAgeSeconds: number;
  /** Create the demo organisation, contacts and users on the first start of an empty database. */
  seedDemo: boolean;
  version: string;
  wsMaxMsgSize: number;
  authTimeoutMs: number;
  /** Folder of the built browser bundle. */
  publicDir: string;
  /** Print the start-up banner and request errors. */
  logging: boolean;
  /** Largest upload, in bytes. */
  uploadMaxBytes: number;
  /** Largest image, in pixels, that variants are made from (a guard against decompression bombs). */
  imageMaxPixels: number;
  /** A task process silent this long is taken for dead and its running tasks are failed, in seconds. */
  taskStaleSeconds: number;
  /** A database statement running longer than this is stopped and answered queryTimeout, in milliseconds. */
  statementTimeoutMs: number;
  /** Connections to PostgreSQL this process keeps open at most (unused on the embedded database). */
  databasePoolSize: number;
  /**
   * Proxies whose forwarding headers (X-Forwarded-For, -Proto, -Host) are believed: addresses, CIDR
   * ranges or proxy-addr's names (loopback, linklocal, uniquelocal). Empty: believe none.
   */
  trustProxy: string[];
  /** An upload left unfinished this long is removed with its partial file, in seconds. */
  unfinishedUploadTtlSeconds: number;
  /** Frames a socket may send a second after its burst (the burst is twice this); see SOCKET_RATE_PER_SECOND. */
  socketRatePerSecond: number;
  /** Anonymous POST /api/item calls one address may make a minute (public pages); see ANONYMOUS_REQUESTS_PER_MINUTE. */
  anonymousRequestsPerMinute: number;
  /** ClamAV's daemon (`unix:/path` or `tcp://host:port`) that scans every upload; none: uploads are not scanned. */
  clamdUrl?: string;
  /** STORAGE_URL: uploads, variants and task results in this S3-compatible bucket; none: under DATA_DIR. */
  storage?: S3Location;
  /** Replies by mail into conversations: the domain of their addresses, and the port of the SMTP listener that takes them. */
  inboundMailDomain?: string;
  inboundSmtpPort?: number;
  /** The listener's address (127.0.0.1 unless set: a mail exchanger or proxy in front forwards to it). */
  inboundSmtpHost?: string;
}

const root = resolve(__dirname, '..', '..');

function packageVersion(): string {
  for (const dir of [root, resolve(__dirname, '..')]) {
    try {
      return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      // not bundled from here: try the next folder
    }
  }
  return '0.0.0';
}

const flag = (v: string | undefined): boolean => v === '1' || v?.toLowerCase() === 'true' || v?.toLowerCase() === 'yes';

function positiveInt(name: string, v: string | undefined, fallback: number): number {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, not "${v}"`);
  return n;
}

/**
 * The token lifetime and the session's maximum age. A TTL set above the maximum age is refused, as
 * the operator asked for two things that cannot both hold; the default TTL (14 days) is lowered to
 * a maximum age set below it, so setting TOKEN_MAX_AGE_SECONDS alone is enough.
 */
function tokenLifetime(env: NodeJS.ProcessEnv): { tokenTtlSeconds: number; tokenMaxAgeSeconds: number } {
  const tokenMaxAgeSeconds = positiveInt('TOKEN_MAX_AGE_SECONDS', env.TOKEN_MAX_AGE_SECONDS, 30 * 24 * 3600);
  const explicitTtl = env.TOKEN_TTL_SECONDS !== undefined && env.TOKEN_TTL_SECONDS !== '';
  const ttl = positiveInt('TOKEN_TTL_SECONDS', env.TOKEN_TTL_SECONDS, 14 * 24 * 3600);
  if (explicitTtl && ttl > tokenMaxAgeSeconds) {
    throw new Error(`TOKEN_TTL_SECONDS (${ttl}) must not exceed TOKEN_MAX_AGE_SECONDS (${tokenMaxAgeSeconds})`);
  }
  return { tokenTtlSeconds: Math.min(ttl, tokenMaxAgeSeconds), tokenMaxAgeSeconds };
}

/** MAP_TILE_URL when set: an http(s) address holding {z}, {x} and {y}; anything else stops the start with its reason. */
function tileUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^https?:\/\//.test(value) || !['{z}', '{x}', '{y}'].every((p) => value.includes(p)))
    throw new Error(`MAP_TILE_URL must be an http(s) address with {z}, {x} and {y}, not ${value}`);
  return value;
}

/** Reads the configuration from environment variables, with the defaults of DESIGN.md. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: env.PORT === '0' ? 0 : positiveInt('PORT', env.PORT, 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    siteName: env.SITE_NAME || 'KnowledgeKeeper',
    mapTileUrl: tileUrl(env.MAP_TILE_URL),
    dedicated: flag(env.DEDICATED),
    smtpUrl: env.SMTP_URL || undefined,
    allowRegistration: flag(env.ALLOW_REGISTRATION),
    restrictContactCreation: flag(env.RESTRICT_CONTACT_CREATION),
    mailFrom: env.MAIL_FROM || 'KnowledgeKeeper <no-reply@knowledgekeeper.local>',
    ...tokenLifetime(env),
    tokenIdleSeconds: positiveInt('TOKEN_IDLE_SECONDS', env.TOKEN_IDLE_SECONDS, 7 * 24 * 3600),
    tokenWarningSeconds: positiveInt('TOKEN_WARNING_SECONDS', env.TOKEN_WARNING_SECONDS, 15 * 60),
    tokenGraceSeconds: positiveInt('TOKEN_GRACE_SECONDS', env.TOKEN_GRACE_SECONDS, 60),
    seedDemo: env.SEED_DEMO === undefined ? true : flag(env.SEED_DEMO),
    version: packageVersion(),
    wsMaxMsgSize: positiveInt('WS_MAX_MSG_SIZE', env.WS_MAX_MSG_SIZE, WS_MAX_MSG_SIZE),
    authTimeoutMs: positiveInt('AUTH_TIMEOUT_MS', env.AUTH_TIMEOUT_MS, AUTH_TIMEOUT_MS),
    publicDir: resolve(env.PUBLIC_DIR || join(root, 'dist', 'public')),
    logging: env.KK_QUIET !== '1',
    uploadMaxBytes: positiveInt('UPLOAD_MAX_BYTES', env.UPLOAD_MAX_BYTES, DEFAULT_UPLOAD_MAX_BYTES),
    imageMaxPixels: positiveInt('IMAGE_MAX_PIXELS', env.IMAGE_MAX_PIXELS, 100_000_000),
    taskStaleSeconds: positiveInt('TASK_STALE_SECONDS', env.TASK_STALE_SECONDS, 30),
    statementTimeoutMs: positiveInt('DB_STATEMENT_TIMEOUT_MS', env.DB_STATEMENT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS),
    databasePoolSize: positiveInt('DB_POOL_SIZE', env.DB_POOL_SIZE, DEFAULT_POOL_SIZE),
    unfinishedUploadTtlSeconds: positiveInt('UNFINISHED_UPLOAD_TTL_SECONDS', env.UNFINISHED_UPLOAD_TTL_SECONDS, 7 * 24 * 3600),
    clamdUrl: env.CLAMD_URL || undefined,
    ...(env.STORAGE_URL ? { storage: parseStorageUrl(env.STORAGE_URL) } : {}),
    inboundMailDomain: env.INBOUND_MAIL_DOMAIN || undefined,
    inboundSmtpPort:
      env.INBOUND_SMTP_PORT === '0' ? 0 : env.INBOUND_SMTP_PORT ? positiveInt('INBOUND_SMTP_PORT', env.INBOUND_SMTP_PORT, 2525) : undefined,
    inboundSmtpHost: env.INBOUND_SMTP_HOST || undefined,
    socketRatePerSecond: positiveInt('SOCKET_RATE_PER_SECOND', env.SOCKET_RATE_PER_SECOND, SOCKET_RATE_PER_SECOND),
    anonymousRequestsPerMinute: positiveInt(
      'ANONYMOUS_REQUESTS_PER_MINUTE',
      env.ANONYMOUS_REQUESTS_PER_MINUTE,
      ADDRESS_LIMITS.anonymousItem.max,
    ),
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter((a) => a !== ''),
  };
}
