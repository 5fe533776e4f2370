/**
 * What a request's cookies say about a Clerk session, without Clerk's code.
 *
 * clerk-js keeps `__client_uat` (and its suffixed twin `__client_uat_<suffix>`) on our domain,
 * readable by scripts: the time of the last sign-in while a session is active, `0` after signing
 * out. Next to it: `__session` (the short-lived session token) and, for Clerk development
 * instances, `__clerk_db_jwt`.
 */
export const SIGNED_IN_COOKIE = /(?:^|;\s*)__client_uat(?:_[\w-]+)?=[1-9]/;

/** Prerendered pages (inline, before first paint): is a shopper signed in? */
export function hasSessionCookie(cookie: string): boolean {
  return SIGNED_IN_COOKIE.test(cookie);
}

const CLERK_COOKIE = /(?:^|;\s*)(?:__session|__clerk)[\w-]*=/;

/**
 * The middleware: could this request carry a Clerk session (or be coming back from Clerk's
 * handshake)? When not, the visitor is signed out and Clerk is not consulted at all — which also
 * spares cookie-less visitors the redirect through Clerk that development keys (pk_test_) cause.
 */
export function mayCarryClerkSession(cookie: string, url: URL): boolean {
  if ([...url.searchParams.keys()].some((name) => name.startsWith('__clerk'))) return true;
  return SIGNED_IN_COOKIE.test(cookie) || CLERK_COOKIE.test(cookie);
}

const SESSION_TOKEN = /(?:^|;\s*)__session=([^;]+)/;
const BEARER = /^Bearer\s+(\S+)$/i;

/** A request's session token: `Authorization: Bearer …`, else Clerk's `__session` cookie. */
export function sessionTokenOf(
  authorization: string | null | undefined,
  cookie: string | null | undefined,
): string | undefined {
  const bearer = BEARER.exec(authorization ?? '');
  if (bearer) return bearer[1];
  return SESSION_TOKEN.exec(cookie ?? '')?.[1];
}
