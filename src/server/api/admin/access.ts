/**
 * Who may use the owner's admin (docs/decisions/admin.md): a signed-in Clerk user whose session token
 * carries `metadata.role === 'admin'` (the user's public metadata, put into the session token by the
 * customisation `{"metadata": "{{user.public_metadata}}"}`). Checked on the server for every admin page
 * (from Clerk's middleware's claims) and every admin API request (the token verified here: /api is
 * answered before Astro's middleware runs).
 */
import type { Actor } from '../../db/audit.ts';
import type { ClerkSettings } from '../../clerk-settings.ts';
import { sessionTokenOf } from '../../../lib/session-cookie.ts';

export const ADMIN_ROLE = 'admin';

export type AdminAccess =
  | { kind: 'no-clerk' }
  | { kind: 'signed-out' }
  | { kind: 'not-admin'; userId: string }
  | { kind: 'admin'; actor: Actor };

/** The parts of a session token's claims the admin reads. */
export interface SessionClaims {
  sub?: unknown;
  metadata?: unknown;
  name?: unknown;
  email?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** What a verified session's claims allow (null: nobody signed in). */
export function accessFromClaims(claims: SessionClaims | null | undefined): AdminAccess {
  const userId = text(claims?.sub);
  if (!claims || !userId) return { kind: 'signed-out' };
  const metadata = claims.metadata;
  const role = metadata && typeof metadata === 'object' ? (metadata as { role?: unknown }).role : undefined;
  if (role !== ADMIN_ROLE) return { kind: 'not-admin', userId };
  // A name or e-mail for the audit, when the session token is customised to carry one (docs/clerk.md).
  return { kind: 'admin', actor: { id: userId, name: text(claims.name) ?? text(claims.email) ?? null } };
}

/**
 * The access of an API request: its token verified with Clerk's own verifier (@clerk/backend,
 * imported on the first admin request), locally with CLERK_JWT_KEY when it is set, else with the keys
 * Clerk publishes for the secret key's instance. An invalid or expired token is signed out.
 */
export async function adminAccessOf(request: Request, settings: ClerkSettings): Promise<AdminAccess> {
  if (!settings.configured) return { kind: 'no-clerk' };
  const token = sessionTokenOf(request.headers.get('Authorization'), request.headers.get('Cookie'));
  if (!token) return { kind: 'signed-out' };
  const { verifyToken } = await import('@clerk/backend');
  try {
    const claims = await verifyToken(token, {
      secretKey: settings.secretKey,
      ...(settings.jwtKey ? { jwtKey: settings.jwtKey } : {}),
    });
    return accessFromClaims(claims);
  } catch {
    return { kind: 'signed-out' };
  }
}
