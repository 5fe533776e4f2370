/**
 * Whether the browser holds a Clerk session, from cookies alone (no Clerk code): clerk-js keeps
 * `__client_uat` (and its suffixed twin `__client_uat_<suffix>`) on our domain, readable by scripts:
 * the time of the last sign-in while a session is active, `0` after signing out.
 * Prerendered pages use it (inline, before first paint) to pick the header's account control.
 */
export const SIGNED_IN_COOKIE = /(?:^|;\s*)__client_uat(?:_[\w-]+)?=[1-9]/;

export function hasSessionCookie(cookie: string): boolean {
  return SIGNED_IN_COOKIE.test(cookie);
}
