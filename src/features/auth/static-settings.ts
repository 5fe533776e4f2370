/**
 * Clerk on a static host (src/static-site): there is no server to hold a secret key or verify a
 * session, so sign-in is on when a valid publishable key is set at build time, and everything
 * happens in the browser (Clerk's components; the header's cookie check). The same checks as the
 * server's settings (./settings.ts), minus the secret key.
 */
import { CLERK_VARIABLES, readClerkSettings, type ClerkBrowserSettings, type ClerkProblem } from './settings.server.ts';

export type BrowserClerkSettings =
  { configured: true; browser: ClerkBrowserSettings } | { configured: false; problems: ClerkProblem[] };

export function readBrowserClerkSettings(
  env: Record<string, string | undefined>,
  selfHosted: boolean,
): BrowserClerkSettings {
  // A stand-in for the secret, which a static build neither needs nor may carry.
  const settings = readClerkSettings(
    { ...env, [CLERK_VARIABLES.secretKey]: 'sk_live_unused-in-a-static-build' },
    selfHosted,
  );
  return settings.configured
    ? { configured: true, browser: settings.browser }
    : { configured: false, problems: settings.problems };
}

/** This static build's settings, from the build's environment. */
export function staticClerkSettings(): BrowserClerkSettings {
  return readBrowserClerkSettings(process.env, import.meta.env.SHOP_CLERK_SELF_HOSTED !== false);
}
