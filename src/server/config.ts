/**
 * Every server setting, read from the environment and validated in this one place.
 * A wrong value stops the server with a message that names the setting.
 * .env.example lists each setting with its default.
 */
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

const ConfigSchema = z.object({
  HOST: z.string().trim().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  /** postgres://… switches to PostgreSQL; anything else (or nothing) keeps SQLite. */
  DATABASE_URL: z.string().trim().default(''),
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
    .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
    .pipe(z.array(origin)),
  /** Largest accepted request body (contact messages), in bytes. */
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(1_048_576).default(16_384),
  /** Most animals one API answer carries (a list asked for without limit stops there; total still counts all). */
  API_MAX_RESULTS: z.coerce.number().int().min(MAX_PAGE_SIZE).max(100_000).default(1000),
  /** The owner's address, shown (with a mailto: link) by the contact page of a static build without an API. */
  PUBLIC_CONTACT_EMAIL: z
    .string()
    .trim()
    .regex(/^[^\s@<>"'?&#%]+@[^\s@<>"'?&#%]+\.[^\s@<>"'?&#%]+$/, 'must be an e-mail address such as owner@shop.example')
    .optional(),
  /** How many catalogue answers each server keeps in memory (0: none). See src/server/api/answer-cache.ts. */
  API_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(5000),
  /** The shop's public origin (https://shop.example): API answers' picture URLs start with it. */
  PUBLIC_SITE_URL: z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '' && url.search === '' && url.hash === '';
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

export type RawConfig = z.infer<typeof ConfigSchema>;

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
  apiCacheEntries: number;
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

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;

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
    database: POSTGRES_URL.test(raw.DATABASE_URL)
      ? { kind: 'postgres', url: raw.DATABASE_URL }
      : { kind: 'sqlite', path: raw.DATABASE_PATH },
    seedOnStart: raw.SEED_ON_START,
    allowedOrigins: raw.ALLOWED_ORIGINS,
    maxBodyBytes: raw.MAX_BODY_BYTES,
    apiMaxResults: raw.API_MAX_RESULTS,
    publicContactEmail: raw.PUBLIC_CONTACT_EMAIL,
    publicSiteUrl: raw.PUBLIC_SITE_URL,
    trustProxy: raw.TRUST_PROXY,
    apiCacheEntries: raw.API_CACHE_ENTRIES,
  };
}
