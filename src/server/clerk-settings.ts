/**
 * Sign-in through Clerk, read at run time (one build serves a shop with or without keys). Missing or malformed keys
 * never stop the server: sign-in is then "not configured" and nothing talks to Clerk.
 */
import { CLERK_JS_PATH, CLERK_UI_PATH } from '../lib/clerk-bundles.ts';
import { isBundleUrl } from './config.ts';

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

/** Reads the settings from an environment. `selfHosted`: the build ships the pinned bundles under /clerk/ (overridable). */
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
