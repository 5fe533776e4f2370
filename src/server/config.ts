/** Every server setting, read from the environment and validated in one place: a wrong value stops the server naming it (Clerk's settings: ./clerk-settings.ts). */
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../lib/catalogue-rules.ts';

const origin = z
  .string()
  .trim()
  .refine((value) => {
    try {
      return new URL(value).origin === value;
    } catch {
      return false;
    }
  }, 'each entry must be an origin such as https://shop.example (scheme, host, optional port, no path)');

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;
/** A DNS name (labels of letters, digits, '-' or '_'), an IPv4 address or a bracketed IPv6 address. */
export const HOST_NAME =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]+\])$/i;

/** SEARCH_INDEX_ANIMALS unset: an index a server of modest memory holds beside its pages. */
export const DEFAULT_SEARCH_INDEX_ANIMALS = 150_000;

/** A duration: a whole number and an optional unit (s, m, h, d); a number alone is seconds. */
const DURATION = /^(\d+)\s*([smhd]?)$/i;
const UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 };
function durationSeconds(value: string): number {
  const [, amount = '0', unit = ''] = DURATION.exec(value) ?? [];
  return Number(amount) * UNIT_SECONDS[unit.toLowerCase()]!;
}

const ConfigSchema = z.object({
  HOST: z.string().trim().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  /** postgres://… or postgresql://… switches to PostgreSQL; empty keeps SQLite; anything else is an error. */
  DATABASE_URL: z
    .string()
    .trim()
    .default('')
    .refine(
      (value) => value === '' || (POSTGRES_URL.test(value) && URL.canParse(value)),
      'must be a postgres:// or postgresql:// URL (or empty for SQLite)',
    ),
  DATABASE_PATH: z.string().trim().min(1).default('data/shop.db'),
  /** Seed the catalogue when the database has none (first start). */
  SEED_ON_START: z
    .enum(['true', 'false'], 'must be true or false')
    .default('true')
    .transform((value) => value === 'true'),
  /** Comma-separated origins allowed to call the API with credentials (CORS). */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(origin)),
  /** Largest accepted request body (contact messages), in bytes. */
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(1_048_576).default(16_384),
  /** Comma-separated host names the server answers to (the Host header, port ignored). Empty: any well-formed host. */
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().regex(HOST_NAME, 'each entry must be a host name such as shop.example (no scheme, port or path)'),
      ),
    ),
  /** Send Strict-Transport-Security (only behind HTTPS). */
  HSTS: z
    .enum(['true', 'false'], 'must be true or false')
    .default('false')
    .transform((value) => value === 'true'),
  /** Most animals one API answer carries (a list asked for without limit stops there; total still counts all). */
  API_MAX_RESULTS: z.coerce.number().int().min(MAX_PAGE_SIZE).max(100_000).default(1000),
  /** The owner's address, shown (with a mailto: link) by the contact page of a static build without an API. */
  PUBLIC_CONTACT_EMAIL: z
    .string()
    .trim()
    .regex(/^[^\s@<>"'?&#%]+@[^\s@<>"'?&#%]+\.[^\s@<>"'?&#%]+$/, 'must be an e-mail address such as owner@shop.example')
    .optional(),
  /** How many answers (pages, API answers, static files) each server keeps in memory (0: none). */
  CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  /** How many bytes of answers each server keeps in memory, at most (0: none). */
  CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(4 * 1024 ** 3)
    .default(32 * 1024 * 1024),
  /** The largest catalogue a server holds in memory; a larger one refuses to start (src/server/search/catalogue-fits.ts). */
  SEARCH_INDEX_ANIMALS: z.coerce.number().int().min(1).max(10_000_000).default(DEFAULT_SEARCH_INDEX_ANIMALS),
  /** The shop's public origin (https://shop.example): API answers' picture URLs start with it. */
  PUBLIC_SITE_URL: z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') &&
          url.username === '' &&
          url.password === '' &&
          url.search === '' &&
          url.hash === ''
        );
      } catch {
        return false;
      }
    }, 'must be an absolute http(s) URL such as https://shop.example')
    .transform((value) => new URL(value).origin)
    .optional(),
  /** After SIGTERM, how long the server reports unready while it still accepts (load balancers notice), in ms. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
  /** Then how long the requests already received may take before the server exits anyway (with 1), in ms. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** The request log's level (src/server/operations/request-log.ts): request lines at info, probes at debug. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** json: one JSON line per entry; pretty: readable lines; auto: pretty on a terminal, else JSON. */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  /** /metrics on the shop's own port, for `Authorization: Bearer <this>` only. Empty: not there. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters, no spaces')
    .optional(),
  /** /metrics on a listener of its own (METRICS_HOST, default 127.0.0.1). Empty: none. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Where backups are written. Unset: `backups/` beside DATABASE_PATH. */
  BACKUP_DIR: z.string().trim().min(1).optional(),
  /** How often the server takes a backup (`6h`, `30m`, `90s`, or seconds); empty: never. */
  BACKUP_EVERY: z
    .string()
    .trim()
    .regex(DURATION, 'must be a duration such as 6h, 30m, 90s or 1d (a number alone is seconds)')
    .transform(durationSeconds)
    .pipe(
      z
        .number()
        .int()
        .min(1, 'must be at least 1 second')
        .max(30 * 86_400, 'must be at most 30 days'),
    )
    .optional(),
  /** How many backups the schedule and `npm run backup` keep (the oldest go once a newer one is checked). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(8),
  /** Behind a reverse proxy: take the public origin from X-Forwarded-Host / X-Forwarded-Proto. */
  TRUST_PROXY: z
    .enum(['true', 'false'], 'must be true or false')
    .default('false')
    .transform((value) => value === 'true'),
});

export interface Config {
  host: string;
  port: number;
  database: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };
  seedOnStart: boolean;
  allowedOrigins: readonly string[];
  maxBodyBytes: number;
  apiMaxResults: number;
  publicContactEmail: string | undefined;
  /** PUBLIC_SITE_URL as an origin (no trailing slash), or undefined: the request's own origin. */
  publicSiteUrl: string | undefined;
  trustProxy: boolean;
  /** The one cache's bounds (src/server/http/response-cache.ts). */
  cache: { maxEntries: number; maxBytes: number };
  /** Most animals for the search's catalogue index in memory (0: none). */
  searchIndexAnimals: number;
  allowedHosts: readonly string[];
  hsts: boolean;
  /** After SIGTERM: unready, still accepting, for this long (src/server/operations/shutdown.ts). */
  shutdownDrainMs: number;
  /** Then: how long the requests in flight may take. */
  shutdownGraceMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  logFormat: 'auto' | 'json' | 'pretty';
  /** Where /metrics answers (src/server/operations/metrics-endpoint.ts); off unless a token or a port is set. */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** Backups (docs/operations.md#backups-and-restore): the folder, the schedule (seconds; off when undefined), how many kept. */
  backup: { dir: string; everySeconds: number | undefined; keep: number };
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Loads a .env file (if there is one) into process.env; variables already set win. For the scripts. */
export function loadDotEnv(path = '.env'): void {
  try {
    process.loadEnvFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** `env`'s values of `schema`'s settings, validated (an empty value counts as unset); a ConfigError naming each wrong one. */
function readSettings<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  env: Record<string, string | undefined>,
): z.output<z.ZodObject<Shape>> {
  const parsed = schema.safeParse(
    Object.fromEntries(Object.keys(schema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]])),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '?'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The settings a build reads to write its pages (public address and contact), validated as loadConfig does. */
export function loadBuildSettings(env: Record<string, string | undefined> = process.env): {
  publicSiteUrl: string | undefined;
  publicContactEmail: string | undefined;
} {
  const raw = readSettings(ConfigSchema.pick({ PUBLIC_SITE_URL: true, PUBLIC_CONTACT_EMAIL: true }), env);
  return { publicSiteUrl: raw.PUBLIC_SITE_URL, publicContactEmail: raw.PUBLIC_CONTACT_EMAIL };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const raw = readSettings(ConfigSchema, env);
  return {
    host: raw.HOST,
    port: raw.PORT,
    database: raw.DATABASE_URL
      ? { kind: 'postgres', url: raw.DATABASE_URL }
      : { kind: 'sqlite', path: raw.DATABASE_PATH },
    seedOnStart: raw.SEED_ON_START,
    allowedOrigins: raw.ALLOWED_ORIGINS,
    maxBodyBytes: raw.MAX_BODY_BYTES,
    apiMaxResults: raw.API_MAX_RESULTS,
    publicContactEmail: raw.PUBLIC_CONTACT_EMAIL,
    publicSiteUrl: raw.PUBLIC_SITE_URL,
    trustProxy: raw.TRUST_PROXY,
    cache: { maxEntries: raw.CACHE_ENTRIES, maxBytes: raw.CACHE_BYTES },
    searchIndexAnimals: raw.SEARCH_INDEX_ANIMALS,
    allowedHosts: raw.ALLOWED_HOSTS,
    hsts: raw.HSTS,
    shutdownDrainMs: raw.SHUTDOWN_DRAIN_MS,
    shutdownGraceMs: raw.SHUTDOWN_GRACE_MS,
    logLevel: raw.LOG_LEVEL,
    logFormat: raw.LOG_FORMAT,
    metrics: { token: raw.METRICS_TOKEN, port: raw.METRICS_PORT, host: raw.METRICS_HOST },
    backup: {
      dir: raw.BACKUP_DIR ?? join(dirname(raw.DATABASE_PATH), 'backups'),
      everySeconds: raw.BACKUP_EVERY,
      keep: raw.BACKUP_KEEP,
    },
  };
}

/** A path on this origin, or an absolute http(s) URL: where a bundle or the API may live. */
export function isBundleUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    return ['https:', 'http:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** Where the browser finds the API when PUBLIC_API_URL is empty: the same origin. */
export const DEFAULT_API_BASE = '/api';

/** PUBLIC_API_URL, baked into the browser code: a path on this origin or an absolute http(s) URL, trailing slashes dropped. */
export function readPublicApiUrl(env: Record<string, string | undefined> = process.env): string {
  const value = env['PUBLIC_API_URL']?.trim();
  if (!value) return DEFAULT_API_BASE;
  const base = value.replace(/\/+$/, '');
  if (isBundleUrl(value) && !/[?#]/.test(value)) return base || DEFAULT_API_BASE;
  throw new ConfigError(
    `Invalid configuration:\n  PUBLIC_API_URL: must be a path such as /api or an absolute http(s) URL without query (got ${JSON.stringify(value)})`,
  );
}
