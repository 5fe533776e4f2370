/**
 * Who may see an admin page, decided on the server for every request (src/server/api/admin/access.ts
 * holds the rule and the table of roles' areas, shared with the admin API): signed out → to the sign-in
 * page and back; signed in without a role that reaches the page's area → 403; no Clerk keys → the page
 * that explains it. Admin pages are never kept by any cache and never indexed.
 */
import type { AstroGlobal } from 'astro';
import { accessFor, accessFromClaims, mayReach, type AdminAccess } from '../../server/api/admin/access.ts';
import { signInReturningTo } from '../../lib/paths.ts';
import { PRIVATE_CACHE_CONTROL } from '../../server/http/cache-control.ts';
import { clerkSettings } from '../auth/clerk-settings.server.ts';
import { ADMIN_PATH, ADMIN_SECTIONS, areaOf, type AdminSection } from './sections.ts';

export type AdminPage =
  { redirect: string } | { redirect?: undefined; access: Exclude<AdminAccess, { kind: 'signed-out' }> };

export function openAdminPage(Astro: AstroGlobal, section: AdminSection): AdminPage {
  Astro.response.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
  Astro.response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  const signedIn = pageAccess(Astro.locals);
  if (signedIn.kind === 'signed-out') {
    return { redirect: signInReturningTo(Astro.url.pathname + Astro.url.search) };
  }
  const access = accessFor(signedIn, areaOf(section)) as typeof signedIn;
  if (access.kind === 'not-admin') {
    // The admin's front door takes a role to the first page it reaches (an editor's: the content pages).
    const start = ADMIN_SECTIONS.find(({ area }) => mayReach(signedIn, area));
    if (start && Astro.url.pathname.replace(/\/+$/, '') === ADMIN_PATH) return { redirect: start.href };
    Astro.response.status = 403;
  }
  return { access };
}

function pageAccess(locals: App.Locals): AdminAccess {
  if (!clerkSettings().configured) return { kind: 'no-clerk' };
  const auth = typeof locals.auth === 'function' ? locals.auth() : undefined;
  if (!auth?.userId) return { kind: 'signed-out' };
  return accessFromClaims(auth.sessionClaims);
}
