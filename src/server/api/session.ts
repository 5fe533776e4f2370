/**
 * A request's Clerk session, verified: its token (`Authorization: Bearer`, else the `__session` cookie)
 * checked with Clerk's own verifier (@clerk/backend, imported on the first request that carries one),
 * locally with CLERK_JWT_KEY when it is set, else with the keys Clerk publishes for the secret key's
 * instance. The admin (./admin/access.ts) and the shopper's own routes (./me/) both read it. An invalid or
 * expired token is no session.
 */
import type { ClerkSettings } from '../clerk-settings.ts';
import { sessionTokenOf } from '../../lib/session-cookie.ts';

/** A session's claims as they were signed (`sub` is the Clerk user id). */
type SessionClaims = Record<string, unknown>;

/** The verified claims; null when nobody is signed in; 'no-clerk' when the server has no Clerk keys. */
export async function verifiedSession(
  request: Request,
  settings: ClerkSettings,
): Promise<SessionClaims | null | 'no-clerk'> {
  if (!settings.configured) return 'no-clerk';
  const token = sessionTokenOf(request.headers.get('Authorization'), request.headers.get('Cookie'));
  if (!token) return null;
  const { verifyToken } = await import('@clerk/backend');
  try {
    return await verifyToken(token, {
      secretKey: settings.secretKey,
      ...(settings.jwtKey ? { jwtKey: settings.jwtKey } : {}),
    });
  } catch {
    return null;
  }
}

/** The signed-in user's id in verified claims, or undefined. */
export function userIdOf(claims: SessionClaims | null | 'no-clerk'): string | undefined {
  if (!claims || claims === 'no-clerk') return undefined;
  const sub = claims['sub'];
  return typeof sub === 'string' && sub.trim() ? sub.trim() : undefined;
}
