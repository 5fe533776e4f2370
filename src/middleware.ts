/**
 * Sessions for server-rendered pages: every page gets `Astro.locals.auth()`.
 * - With Clerk configured and a request that may carry a session (Clerk's cookies), Clerk's
 *   middleware reads it (verifying the token locally when CLERK_JWT_KEY is set).
 * - Otherwise (no keys, no Clerk cookie, the catalogue API) `auth()` is signed out and Clerk is
 *   not involved: no page can fail for missing keys, and no visitor without a session costs a
 *   call or redirect to Clerk. Prerendered pages skip all of it.
 * Clerk's server code (what it costs in memory: docs/performance/memory.md) is
 * imported on the first request that carries a Clerk cookie, never for signed-out visitors.
 */
import type { SignedOutAuthObject } from '@clerk/backend/internal';
import { defineMiddleware } from 'astro:middleware';
import { mayCarryClerkSession } from './lib/session-cookie.ts';
import { clerkSettings } from './features/auth/clerk-settings.server.ts';
import { SIGN_IN_PATH, SIGN_UP_PATH } from './lib/paths.ts';
import { PRIVATE_CACHE_CONTROL } from './server/http/cache-control.ts';

type Auth = App.Locals['auth'];

/**
 * A signed-out visitor's auth object, as Clerk's `signedOutAuthObject()` (@clerk/backend/internal)
 * shapes it (its type checks the shape), without loading Clerk for it: nobody signed in, no token,
 * no permission.
 */
const SIGNED_OUT: SignedOutAuthObject = Object.freeze({
  tokenType: 'session_token',
  sessionClaims: null,
  sessionId: null,
  sessionStatus: null,
  userId: null,
  actor: null,
  orgId: null,
  orgRole: null,
  orgSlug: null,
  orgPermissions: null,
  factorVerificationAge: null,
  getToken: () => Promise.resolve(null),
  has: () => false,
  debug: () => ({}),
  isAuthenticated: false as const,
});
const signedOut = (() => SIGNED_OUT) as unknown as Auth;

type ClerkMiddleware = ReturnType<typeof import('@clerk/astro/server').clerkMiddleware>;
let clerk: Promise<ClerkMiddleware> | undefined;

/** Clerk's middleware, imported and made on the first request that may carry a session. */
function clerkFor(settings: ReturnType<typeof clerkSettings> & { configured: true }): Promise<ClerkMiddleware> {
  clerk ??= import('@clerk/astro/server').then(({ clerkMiddleware }) =>
    clerkMiddleware({
      publishableKey: settings.browser.publishableKey,
      secretKey: settings.secretKey,
      ...(settings.jwtKey ? { jwtKey: settings.jwtKey } : {}),
      signInUrl: SIGN_IN_PATH,
      signUpUrl: SIGN_UP_PATH,
    }),
  );
  return clerk;
}

/**
 * Clerk's middleware adds its own script and a preload of its UI bundle to every HTML page whose
 * Content-Type is exactly `text/html` (Astro's default), which would load Clerk's code on every page
 * for every visitor. We name the charset (`text/html; charset=utf-8`), which Clerk leaves alone; the
 * pages that need Clerk start it themselves (src/features/auth). Signed-in pages are private.
 */
function finish(response: Response, signedIn: boolean): Response {
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const page = new Response(response.body, response);
  page.headers.set('content-type', 'text/html; charset=utf-8');
  page.headers.append('vary', 'Cookie');
  if (signedIn) page.headers.set('cache-control', PRIVATE_CACHE_CONTROL);
  return page;
}

export const onRequest = defineMiddleware(async (context, next): Promise<Response> => {
  if (context.isPrerendered) return next();
  const settings = clerkSettings();
  const cookie = context.request.headers.get('cookie') ?? '';
  if (!settings.configured || context.url.pathname.startsWith('/api/') || !mayCarryClerkSession(cookie, context.url)) {
    context.locals.auth = signedOut;
    context.locals.currentUser = async () => null;
    return next();
  }
  const handle = await clerkFor(settings);
  return (await handle(context, async (payload?: Parameters<typeof next>[0]) =>
    finish(await next(payload), Boolean(context.locals.auth().userId)),
  )) as Response;
});
