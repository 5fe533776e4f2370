/**
 * Who may see an admin page, decided on the server for every request (src/server/api/admin/access.ts
 * holds the rule, shared with the admin API): signed out → to the sign-in page and back; signed in
 * without the role → 403; no Clerk keys → the page that explains it. Admin pages are never kept by any
 * cache and never indexed.
 */
import type { AstroGlobal } from 'astro';
import { accessFromClaims, type AdminAccess } from '../../server/api/admin/access.ts';
import { signInReturningTo } from '../../lib/paths.ts';
import { PRIVATE_CACHE_CONTROL } from '../../server/http/cache-control.ts';
import { clerkSettings } from '../auth/settings.server.ts';

export type AdminPage =
  { redirect: string } | { redirect?: undefined; access: Exclude<AdminAccess, { kind: 'signed-out' }> };

export function openAdminPage(Astro: AstroGlobal): AdminPage {
  Astro.response.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
  Astro.response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  const access = pageAccess(Astro.locals);
  if (access.kind === 'signed-out') {
    return { redirect: signInReturningTo(Astro.url.pathname + Astro.url.search) };
  }
  if (access.kind === 'not-admin') Astro.response.status = 403;
  return { access };
}

function pageAccess(locals: App.Locals): AdminAccess {
  if (!clerkSettings().configured) return { kind: 'no-clerk' };
  const auth = typeof locals.auth === 'function' ? locals.auth() : undefined;
  if (!auth?.userId) return { kind: 'signed-out' };
  return accessFromClaims(auth.sessionClaims);
}
