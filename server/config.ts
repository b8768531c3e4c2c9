import { join } from 'node:path';
import { ConsoleMediaLimits } from '../src/core/admin-media/admin-media-texts.ts';
import { UploadConstants } from '../src/core/upload/upload-protocol.ts';
import { DEFAULT_ARGON2_PARAMS } from './auth/password.ts';
import type { Argon2Params } from './auth/password.ts';
import { isKnownRegion } from './region/regions.ts';
import type { SendLimits } from './rate-limit/send-limits.ts';

/**
 * x264's speed presets a transcode may use (TRANSCODE_PRESET): faster ones make bigger files at the same quality.
 * Not ultrafast: it leaves out CABAC and the 8×8 transform, so its streams are Constrained Baseline, not the High
 * profile the master playlist's CODECS names.
 */
const X264_PRESETS = ['superfast', 'veryfast', 'faster', 'fast', 'medium'] as const;
export type X264Preset = (typeof X264_PRESETS)[number];

export interface Config {
  /** PORT, default 3000 (0 picks a free port). */
  port: number;
  /** HOST, default 127.0.0.1. */
  host: string;
  /** DATA_DIR: PGlite data folder when DATABASE_URL is unset, default ./data. */
  dataDir: string;
  /** MEDIA_DIR: images served under /media/; unset: `<dataDir>/media` (see mediaDirOf). */
  mediaDir: string | undefined;
  /** UPLOAD_DIR: uploaded videos and chunk parts; unset: `<dataDir>/uploads` (see uploadDirOf). */
  uploadDir?: string | undefined;
  /** UPLOAD_MAX_BYTES: largest video one may upload; unset: 200 MB (see uploadLimitsOf). */
  uploadMaxBytes?: number | undefined;
  /** UPLOAD_QUOTA_BYTES: bytes of videos one user may hold; unset: 1 GB (see uploadLimitsOf). */
  uploadQuotaBytes?: number | undefined;
  /** MEDIA_CACHE_MAX_BYTES: byte cap of the resized-image cache (LRU eviction); unset: 256 MB (see mediaCacheMaxBytesOf). */
  mediaCacheMaxBytes?: number | undefined;
  /** DATABASE_URL: use this PostgreSQL server instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** REDIS_URL: keep rate-limit counters in Redis instead of memory. */
  redisUrl: string | undefined;
  /** SOCKET_STREAM: Redis stream and channel prefix of the socket.io adapter (default qiyu:socket.io); processes sharing it deliver to each other. */
  socketStream?: string | undefined;
  /** SESSION_SECRET (at least 16 characters); unset: generated once and kept in the settings table. */
  sessionSecret: string | undefined;
  /** STATIC_DIR: the built client (index.html, assets/), default dist. */
  staticDir: string;
  /** DEFAULT_REGION: region code when neither the user nor the CDN header gives one, default CN. */
  defaultRegion: string;
  /** TRUST_PROXY=1: take the client address from X-Forwarded-For (behind a CDN or proxy). */
  trustProxy: boolean;
  /** LOG_LEVEL, default info. */
  logLevel: string;
  /** API_RATE_LIMIT_MAX: /api requests one address may make per window, default 600; 0 turns the flood guard off. */
  apiRateLimitMax?: number | undefined;
  /** API_RATE_LIMIT_WINDOW_MS: the flood guard's window, default 60000 (one minute). */
  apiRateLimitWindowMs?: number | undefined;
  /** API_BASE: where the built app calls the API; another site's origin is added to the page's CSP (connect, img, media). */
  apiBase?: string | undefined;
  /**
   * FRAME_ORIGINS: comma-separated http(s) origins whose pages the app may show inside itself (/iframe: a help
   * article's link to such a site), put in the page's frame-src; the app is built with the same list. Default none.
   */
  frameOrigins?: readonly string[] | undefined;
  /** SMTP_URL: mail codes through this SMTP server (smtp:// or smtps://); unset: to the outbox folder (see outboxDirOf). */
  smtpUrl?: string | undefined;
  /** MAIL_FROM: the sender of mailed codes, default `奇遇视频 <no-reply@localhost>`. */
  mailFrom?: string | undefined;
  /** SMS_URL: text codes through this HTTP gateway (POST {to, text} as JSON); unset: to the outbox folder. */
  smsUrl?: string | undefined;
  /** Per-user limits on messages, barrages and comments (not from the environment; default SEND_LIMITS). */
  sendLimits?: SendLimits | undefined;
  /** SOURCE_MAX_BYTES: largest source video an operator may upload; unset: 4 GB (see ingestOf). */
  sourceMaxBytes?: number | undefined;
  /** SOURCE_MAX_SECONDS: longest source video; unset: 4 hours (see ingestOf). */
  sourceMaxSeconds?: number | undefined;
  /** MEDIA_QUOTA_BYTES: disk quota of sources and renditions together; unset: 100 GB (see ingestOf). */
  mediaQuotaBytes?: number | undefined;
  /** RENDITIONS_DIR: the transcoded HLS renditions; unset: `<DATA_DIR>/renditions` (see renditionsDirOf). */
  renditionsDir?: string | undefined;
  /** TRANSCODE_CONCURRENCY: jobs this process transcodes at once, default 1; 0: none (another process, `--worker`, does). */
  transcodeConcurrency?: number | undefined;
  /** TRANSCODE_PRESET: x264's speed preset, default veryfast (superfast for a slow machine or tests; medium for smaller files). */
  transcodePreset?: X264Preset | undefined;
  /** TRANSCODE_STALE_MS: a running job whose heartbeat is older than this is taken as its process having died, default 60000. */
  transcodeStaleMs?: number | undefined;
  /** Password hashing cost, argon2id (not from the environment; tests lower it). */
  argon2: Argon2Params;
}

export class ConfigError extends Error {}

type Env = Readonly<Record<string, string | undefined>>;

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

function portOf(env: Env): number {
  const raw = value(env, 'PORT');
  if (raw === undefined) return 3000;
  const port = Number(raw);
  if (!/^\d{1,5}$/.test(raw) || port > 65535) throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  return port;
}

/** Multipliers of the size units a size setting may carry (binary: 1 KB = 1024 bytes, as the defaults are written). */
const SIZE_UNITS: Readonly<Record<string, number>> = {
  '': 1, b: 1, kb: 1024, k: 1024, kib: 1024, mb: 1024 ** 2, m: 1024 ** 2, mib: 1024 ** 2, gb: 1024 ** 3, g: 1024 ** 3, gib: 1024 ** 3,
};

/** A size setting: whole bytes, or a whole number with KB, MB or GB (1024-based: `200MB` is 209715200). */
export function parseByteSize(raw: string): number | undefined {
  const match = /^(\d{1,15})\s*([a-z]*)$/i.exec(raw.trim());
  const multiplier = match ? SIZE_UNITS[(match[2] ?? '').toLowerCase()] : undefined;
  if (match === null || multiplier === undefined) return undefined;
  const bytes = Number(match[1]) * multiplier;
  return Number.isSafeInteger(bytes) && bytes >= 1 ? bytes : undefined;
}

function bytesOf(env: Env, name: string): number | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  const bytes = parseByteSize(raw);
  if (bytes === undefined) throw new ConfigError(`${name} must be a whole number of bytes above 0, or one with KB, MB or GB (e.g. 200MB), got "${raw}"`);
  return bytes;
}

/** pino's levels, the values LOG_LEVEL accepts. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function logLevelOf(env: Env): string {
  const raw = value(env, 'LOG_LEVEL');
  if (raw === undefined) return 'info';
  const level = raw.toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  return level;
}

/** A connection URL setting: parseable, with one of `schemes` (e.g. postgres:). */
function urlOf(env: Env, name: string, schemes: readonly string[], example: string): string | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  let scheme: string | undefined;
  try {
    const url = new URL(raw);
    scheme = url.hostname !== '' || url.pathname !== '' ? url.protocol : undefined;
  } catch {
    scheme = undefined;
  }
  if (scheme === undefined || !schemes.includes(scheme)) {
    throw new ConfigError(`${name} must be a ${schemes.map((each) => `${each}//`).join(' or ')} URL (e.g. ${example}), got "${redactUrlPassword(raw)}"`);
  }
  return raw;
}

/** A comma-separated list of http(s) origins (no path, query or credentials), or undefined when unset. */
function originsOf(env: Env, name: string): string[] | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      let origin: string | undefined;
      try {
        const url = new URL(entry);
        origin = (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === entry.replace(/\/$/, '') ? url.origin : undefined;
      } catch {
        origin = undefined;
      }
      if (origin === undefined) throw new ConfigError(`${name} must list http:// or https:// origins separated by commas (e.g. https://help.example.com), got "${entry}"`);
      return origin;
    });
}

/** The URL with its password replaced by *** (for messages); the text as it is when it is not a URL. */
export function redactUrlPassword(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password === '') return raw;
    url.password = '***';
    return url.href;
  } catch {
    return raw.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');
  }
}

/** The flood guard's defaults: 600 /api requests a minute per address (see docs/decisions.md). */
const DEFAULT_API_RATE_LIMIT = { max: 600, windowMs: 60_000 } as const;

function wholeNumberOf(env: Env, name: string, min: number, max: number): number | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  const number = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || number < min || number > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return number;
}

function presetOf(env: Env): X264Preset | undefined {
  const raw = value(env, 'TRANSCODE_PRESET');
  if (raw === undefined) return undefined;
  if (!(X264_PRESETS as readonly string[]).includes(raw)) throw new ConfigError(`TRANSCODE_PRESET must be one of ${X264_PRESETS.join(', ')}, got "${raw}"`);
  return raw as X264Preset;
}

function regionOf(env: Env): string {
  const region = (value(env, 'DEFAULT_REGION') ?? 'CN').toUpperCase();
  if (!isKnownRegion(region)) throw new ConfigError(`DEFAULT_REGION must be a known two-letter region code, got "${region}"`);
  return region;
}

function secretOf(env: Env): string | undefined {
  const secret = value(env, 'SESSION_SECRET');
  if (secret !== undefined && secret.length < 16) throw new ConfigError('SESSION_SECRET must be at least 16 characters');
  return secret;
}

/** Reads the configuration from environment variables (see the field comments for names and defaults). */
export function readConfig(env: Env = process.env): Config {
  return {
    port: portOf(env),
    host: value(env, 'HOST') ?? '127.0.0.1',
    dataDir: value(env, 'DATA_DIR') ?? './data',
    mediaDir: value(env, 'MEDIA_DIR'),
    uploadDir: value(env, 'UPLOAD_DIR'),
    uploadMaxBytes: bytesOf(env, 'UPLOAD_MAX_BYTES'),
    uploadQuotaBytes: bytesOf(env, 'UPLOAD_QUOTA_BYTES'),
    mediaCacheMaxBytes: bytesOf(env, 'MEDIA_CACHE_MAX_BYTES'),
    databaseUrl: urlOf(env, 'DATABASE_URL', ['postgres:', 'postgresql:'], 'postgres://user@localhost:5432/qiyu'),
    redisUrl: urlOf(env, 'REDIS_URL', ['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
    socketStream: value(env, 'SOCKET_STREAM'),
    sessionSecret: secretOf(env),
    staticDir: value(env, 'STATIC_DIR') ?? 'dist',
    defaultRegion: regionOf(env),
    trustProxy: ['1', 'true', 'yes'].includes((value(env, 'TRUST_PROXY') ?? '').toLowerCase()),
    logLevel: logLevelOf(env),
    apiBase: value(env, 'API_BASE'),
    frameOrigins: originsOf(env, 'FRAME_ORIGINS'),
    smtpUrl: urlOf(env, 'SMTP_URL', ['smtp:', 'smtps:'], 'smtps://user:pass@smtp.example.com:465'),
    mailFrom: value(env, 'MAIL_FROM'),
    smsUrl: urlOf(env, 'SMS_URL', ['http:', 'https:'], 'https://sms.example.com/send'),
    apiRateLimitMax: wholeNumberOf(env, 'API_RATE_LIMIT_MAX', 0, 1_000_000),
    apiRateLimitWindowMs: wholeNumberOf(env, 'API_RATE_LIMIT_WINDOW_MS', 1000, 86_400_000),
    sourceMaxBytes: bytesOf(env, 'SOURCE_MAX_BYTES'),
    sourceMaxSeconds: wholeNumberOf(env, 'SOURCE_MAX_SECONDS', 1, 86_400),
    mediaQuotaBytes: bytesOf(env, 'MEDIA_QUOTA_BYTES'),
    renditionsDir: value(env, 'RENDITIONS_DIR'),
    transcodeConcurrency: wholeNumberOf(env, 'TRANSCODE_CONCURRENCY', 0, 16),
    transcodeStaleMs: wholeNumberOf(env, 'TRANSCODE_STALE_MS', 1000, 3_600_000),
    transcodePreset: presetOf(env),
    argon2: DEFAULT_ARGON2_PARAMS,
  };
}

/** The flood guard in force: API_RATE_LIMIT_MAX requests per API_RATE_LIMIT_WINDOW_MS and address (max 0: off). */
export function apiRateLimitOf(config: Pick<Config, 'apiRateLimitMax' | 'apiRateLimitWindowMs'>): { max: number; windowMs: number } {
  return {
    max: config.apiRateLimitMax ?? DEFAULT_API_RATE_LIMIT.max,
    windowMs: config.apiRateLimitWindowMs ?? DEFAULT_API_RATE_LIMIT.windowMs,
  };
}

/** The folder served under /media/: MEDIA_DIR, else `<DATA_DIR>/media`. */
export function mediaDirOf(config: Pick<Config, 'mediaDir' | 'dataDir'>): string {
  return config.mediaDir ?? join(config.dataDir, 'media');
}

/** Where codes go when no mail or SMS transport is configured: `<DATA_DIR>/outbox`, one file per message. */
export function outboxDirOf(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'outbox');
}

/** Where resized images are kept: `<DATA_DIR>/media-cache`. */
export function mediaCacheDirOf(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'media-cache');
}

/** Default byte cap of the resized-image cache: 256 MB. */
export const DEFAULT_MEDIA_CACHE_MAX_BYTES = 256 * 1024 * 1024;

/** The resized-image cache's byte cap: MEDIA_CACHE_MAX_BYTES, else 256 MB. */
export function mediaCacheMaxBytesOf(config: Pick<Config, 'mediaCacheMaxBytes'>): number {
  return config.mediaCacheMaxBytes ?? DEFAULT_MEDIA_CACHE_MAX_BYTES;
}

/** Uploaded videos and chunk parts: UPLOAD_DIR, else `<DATA_DIR>/uploads`. */
export function uploadDirOf(config: Pick<Config, 'uploadDir' | 'dataDir'>): string {
  return config.uploadDir ?? join(config.dataDir, 'uploads');
}

/** The upload limits in force (UPLOAD_MAX_BYTES, UPLOAD_QUOTA_BYTES, else the protocol's defaults). */
export function uploadLimitsOf(config: Pick<Config, 'uploadMaxBytes' | 'uploadQuotaBytes'>): { maxVideoBytes: number; quotaBytes: number } {
  return {
    maxVideoBytes: config.uploadMaxBytes ?? UploadConstants.maxVideoBytes,
    quotaBytes: config.uploadQuotaBytes ?? UploadConstants.userQuotaBytes,
  };
}

/** What ingest is allowed and where it keeps its files (SOURCE_MAX_BYTES, SOURCE_MAX_SECONDS, MEDIA_QUOTA_BYTES, …). */
export interface IngestSettings {
  maxSourceBytes: number;
  maxSourceSeconds: number;
  quotaBytes: number;
  /** Sources as they are uploaded: `<UPLOAD_DIR>/sources`. */
  sourcesDir: string;
  renditionsDir: string;
  concurrency: number;
  staleMs: number;
  preset: X264Preset;
}

export function ingestOf(config: Pick<Config, 'dataDir' | 'uploadDir' | 'sourceMaxBytes' | 'sourceMaxSeconds' | 'mediaQuotaBytes' | 'renditionsDir' | 'transcodeConcurrency' | 'transcodeStaleMs' | 'transcodePreset'>): IngestSettings {
  return {
    maxSourceBytes: config.sourceMaxBytes ?? ConsoleMediaLimits.defaultMaxSourceBytes,
    maxSourceSeconds: config.sourceMaxSeconds ?? 4 * 3600,
    quotaBytes: config.mediaQuotaBytes ?? 100 * 1024 ** 3,
    sourcesDir: join(uploadDirOf(config), 'sources'),
    renditionsDir: renditionsDirOf(config),
    concurrency: config.transcodeConcurrency ?? 1,
    staleMs: config.transcodeStaleMs ?? 60_000,
    preset: config.transcodePreset ?? 'veryfast',
  };
}

/** The transcoded renditions: RENDITIONS_DIR, else `<DATA_DIR>/renditions`. */
function renditionsDirOf(config: Pick<Config, 'renditionsDir' | 'dataDir'>): string {
  return config.renditionsDir ?? join(config.dataDir, 'renditions');
}
