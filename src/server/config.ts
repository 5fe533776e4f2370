/**
 * Every server setting, read from the environment and validated in this one place.
 * A wrong value stops the server with a message that names the setting.
 * .env.example lists each setting with its default.
 */
import { z } from 'zod';
import { CLERK_JS_PATH, CLERK_UI_PATH } from '../lib/clerk-bundles.ts';
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
  /** How many answers (pages, API answers, static files) each server keeps in memory (0: none). See src/server/http/response-cache.ts. */
  CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  /** How many bytes of answers each server keeps in memory, at most (0: none). */
  CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(4 * 1024 ** 3)
    .default(32 * 1024 * 1024),
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
  allowedHosts: readonly string[];
  hsts: boolean;
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

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(
    Object.fromEntries(Object.keys(ConfigSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]])),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '?'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
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
    allowedHosts: raw.ALLOWED_HOSTS,
    hsts: raw.HSTS,
  };
}

/*
 * Sign-in through Clerk. Read at run time (not baked into the build), so one build serves a shop with
 * or without keys, and connecting Clerk needs only a restart. Keys that are missing or malformed do
 * not stop the server: sign-in is then "not configured" (the auth pages explain it, everything else
 * works and nothing talks to Clerk). src/features/auth/settings.server.ts keeps this process's copy.
 */
export const CLERK_VARIABLES = {
  publishableKey: 'PUBLIC_CLERK_PUBLISHABLE_KEY',
  secretKey: 'CLERK_SECRET_KEY',
  jwtKey: 'CLERK_JWT_KEY',
  clerkJSUrl: 'PUBLIC_CLERK_JS_URL',
  clerkUIUrl: 'PUBLIC_CLERK_UI_URL',
} as const;

/** What the browser needs to start Clerk (nothing secret). */
export interface ClerkBrowserSettings {
  publishableKey: string;
  /** Where clerk-js and Clerk's UI bundle load from; absent: Clerk's CDN. */
  clerkJSUrl?: string;
  clerkUIUrl?: string;
}

export interface ClerkProblem {
  variable: string;
  problem: 'missing' | 'invalid';
}

export type ClerkSettings =
  | {
      configured: true;
      secretKey: string;
      /** PEM public key: session tokens are verified locally, without a call to Clerk. */
      jwtKey: string | undefined;
      browser: ClerkBrowserSettings;
    }
  | { configured: false; problems: ClerkProblem[] };

/** `pk_test_` or `pk_live_` + base64 of the Frontend API host followed by `$`. */
export function isPublishableKey(key: string): boolean {
  const match = /^pk_(?:test|live)_([A-Za-z0-9+/=_-]+)$/.exec(key);
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  return /^[a-z0-9.-]+\.[a-z]{2,}(?::\d+)?\$$/i.test(decoded);
}

function isSecretKey(key: string): boolean {
  return /^sk_(?:test|live)_\S+$/.test(key);
}

function isBundleUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    return ['https:', 'http:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** What the browser needs, or why sign-in is off: the settings of a build without a server (src/static-site). */
export type ClerkBrowserReading =
  { configured: true; browser: ClerkBrowserSettings } | { configured: false; problems: ClerkProblem[] };

/** The keys and bundle URLs of an environment, checked; the secret key only when `withSecret`. */
function readClerkParts(env: Record<string, string | undefined>, selfHosted: boolean, withSecret: boolean) {
  const value = (name: string) => env[name]?.trim() || undefined;
  const publishableKey = value(CLERK_VARIABLES.publishableKey);
  const secretKey = withSecret ? value(CLERK_VARIABLES.secretKey) : undefined;
  const problems: ClerkProblem[] = [];
  if (!publishableKey) problems.push({ variable: CLERK_VARIABLES.publishableKey, problem: 'missing' });
  else if (!isPublishableKey(publishableKey))
    problems.push({ variable: CLERK_VARIABLES.publishableKey, problem: 'invalid' });
  if (withSecret && !secretKey) problems.push({ variable: CLERK_VARIABLES.secretKey, problem: 'missing' });
  else if (secretKey && !isSecretKey(secretKey))
    problems.push({ variable: CLERK_VARIABLES.secretKey, problem: 'invalid' });
  const bundle = (variable: string, fallback: string) => {
    const url = value(variable);
    if (url === undefined) return selfHosted ? fallback : undefined;
    if (!isBundleUrl(url)) problems.push({ variable, problem: 'invalid' });
    return url;
  };
  const clerkJSUrl = bundle(CLERK_VARIABLES.clerkJSUrl, CLERK_JS_PATH);
  const clerkUIUrl = bundle(CLERK_VARIABLES.clerkUIUrl, CLERK_UI_PATH);
  const browser: ClerkBrowserSettings | undefined = publishableKey
    ? { publishableKey, ...(clerkJSUrl ? { clerkJSUrl } : {}), ...(clerkUIUrl ? { clerkUIUrl } : {}) }
    : undefined;
  return { problems, secretKey, browser };
}

/**
 * Reads the settings from an environment. `selfHosted`: whether the build ships the pinned bundles
 * under /clerk/ (scripts/clerk-bundles.ts); PUBLIC_CLERK_JS_URL / PUBLIC_CLERK_UI_URL override them.
 */
export function readClerkSettings(env: Record<string, string | undefined>, selfHosted: boolean): ClerkSettings {
  const { problems, secretKey, browser } = readClerkParts(env, selfHosted, true);
  if (problems.length > 0 || !browser || !secretKey) return { configured: false, problems };
  const jwtKey = (env[CLERK_VARIABLES.jwtKey]?.trim() || undefined)?.replaceAll('\\n', '\n');
  return { configured: true, secretKey, jwtKey, browser };
}

/** The browser's settings alone (no secret key is read or needed): a static build's sign-in. */
export function readClerkBrowserSettings(
  env: Record<string, string | undefined>,
  selfHosted: boolean,
): ClerkBrowserReading {
  const { problems, browser } = readClerkParts(env, selfHosted, false);
  return problems.length > 0 || !browser ? { configured: false, problems } : { configured: true, browser };
}

/** Where the browser finds the API when PUBLIC_API_URL is empty: the same origin. */
export const DEFAULT_API_BASE = '/api';

/**
 * PUBLIC_API_URL, the API's base address for the browser, fixed at build time (astro.config.mjs
 * reads it here and writes the result into the browser code): a path on this origin (`/api`) or an
 * absolute http(s) URL; trailing slashes are dropped. Anything else stops the build, naming it.
 */
export function readPublicApiUrl(env: Record<string, string | undefined> = process.env): string {
  const value = env['PUBLIC_API_URL']?.trim();
  if (!value) return DEFAULT_API_BASE;
  const base = value.replace(/\/+$/, '');
  if (isBundleUrl(value) && !/[?#]/.test(value)) return base || DEFAULT_API_BASE;
  throw new ConfigError(
    `Invalid configuration:\n  PUBLIC_API_URL: must be a path such as /api or an absolute http(s) URL without query (got ${JSON.stringify(value)})`,
  );
}
