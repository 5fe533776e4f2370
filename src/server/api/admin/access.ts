/**
 * Who may use which part of the admin: a signed-in Clerk user whose session token carries `metadata.role` naming a role
 * of ROLE_AREAS (src/lib/roles.ts); checked for every admin page and every admin API request.
 */
import type { Actor } from '../../db/catalogue/audit.ts';
import type { ClerkSettings } from '../../clerk-settings.ts';
import { isRole, roleReaches, type Area, type Role } from '../../../lib/roles.ts';
import { verifiedSession } from '../session.ts';

export type { Area } from '../../../lib/roles.ts';

export type AdminAccess =
  | { kind: 'no-clerk' }
  | { kind: 'signed-out' }
  | { kind: 'not-admin'; userId: string }
  | { kind: 'admin'; actor: Actor; role: Role };

/** Whether a signed-in role reaches an area. */
export function mayReach(access: AdminAccess, area: Area): boolean {
  return access.kind === 'admin' && roleReaches(access.role, area);
}

/** The access for one area: a role that does not reach it is refused as a shopper is. */
export function accessFor(access: AdminAccess, area: Area): AdminAccess {
  if (access.kind !== 'admin' || mayReach(access, area)) return access;
  return { kind: 'not-admin', userId: access.actor.id };
}

/** The parts of a session token's claims the admin reads. */
interface SessionClaims {
  sub?: unknown;
  metadata?: unknown;
  name?: unknown;
  email?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function accessFromClaims(claims: SessionClaims | null | undefined): AdminAccess {
  const userId = text(claims?.sub);
  if (!claims || !userId) return { kind: 'signed-out' };
  const metadata = claims.metadata;
  const role = metadata && typeof metadata === 'object' ? (metadata as { role?: unknown }).role : undefined;
  if (!isRole(role)) return { kind: 'not-admin', userId };
  // The access of an API request: its token verified with @clerk/backend (imported on first use), locally with CLERK_JWT_KEY.
  return { kind: 'admin', actor: { id: userId, name: text(claims.name) ?? text(claims.email) ?? null }, role };
}

/** The access of an API request, from its verified session (../session.ts). */
export async function adminAccessOf(request: Request, settings: ClerkSettings): Promise<AdminAccess> {
  const claims = await verifiedSession(request, settings);
  if (claims === 'no-clerk') return { kind: 'no-clerk' };
  return accessFromClaims(claims);
}
