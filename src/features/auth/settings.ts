/**
 * Clerk's settings, read from the server's environment at run time (not baked into the build), so one
 * build serves a shop with or without keys, and connecting Clerk needs only a restart.
 * Without valid keys sign-in is "not configured": the auth pages explain it, everything else works
 * and nothing talks to Clerk.
 */
import { CLERK_JS_PATH, CLERK_UI_PATH } from './bundles.ts';

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

/**
 * Reads the settings from an environment. `selfHosted`: whether the build ships the pinned bundles
 * under /clerk/ (scripts/clerk-bundles.ts); PUBLIC_CLERK_JS_URL / PUBLIC_CLERK_UI_URL override them.
 */
export function readClerkSettings(env: Record<string, string | undefined>, selfHosted: boolean): ClerkSettings {
  const value = (name: string) => env[name]?.trim() || undefined;
  const publishableKey = value(CLERK_VARIABLES.publishableKey);
  const secretKey = value(CLERK_VARIABLES.secretKey);
  const problems: ClerkProblem[] = [];
  if (!publishableKey) problems.push({ variable: CLERK_VARIABLES.publishableKey, problem: 'missing' });
  else if (!isPublishableKey(publishableKey)) problems.push({ variable: CLERK_VARIABLES.publishableKey, problem: 'invalid' });
  if (!secretKey) problems.push({ variable: CLERK_VARIABLES.secretKey, problem: 'missing' });
  else if (!isSecretKey(secretKey)) problems.push({ variable: CLERK_VARIABLES.secretKey, problem: 'invalid' });
  const bundle = (variable: string, fallback: string) => {
    const url = value(variable);
    if (url === undefined) return selfHosted ? fallback : undefined;
    if (!isBundleUrl(url)) problems.push({ variable, problem: 'invalid' });
    return url;
  };
  const clerkJSUrl = bundle(CLERK_VARIABLES.clerkJSUrl, CLERK_JS_PATH);
  const clerkUIUrl = bundle(CLERK_VARIABLES.clerkUIUrl, CLERK_UI_PATH);
  if (problems.length > 0 || !publishableKey || !secretKey) return { configured: false, problems };
  const jwtKey = value(CLERK_VARIABLES.jwtKey)?.replaceAll('\\n', '\n');
  return {
    configured: true,
    secretKey,
    jwtKey,
    browser: {
      publishableKey,
      ...(clerkJSUrl ? { clerkJSUrl } : {}),
      ...(clerkUIUrl ? { clerkUIUrl } : {}),
    },
  };
}

let current: ClerkSettings | undefined;

/** This process's settings (read once). Logs once when keys are present but unusable. */
export function clerkSettings(): ClerkSettings {
  if (current) return current;
  current = readClerkSettings(process.env, import.meta.env.SHOP_CLERK_SELF_HOSTED !== false);
  if (!current.configured && current.problems.some((problem) => problem.problem === 'invalid')) {
    const names = current.problems.map((problem) => `${problem.variable} (${problem.problem})`).join(', ');
    console.warn(`Clerk: sign-in is off, check ${names}`);
  }
  return current;
}
