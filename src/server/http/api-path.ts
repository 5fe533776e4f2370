/**
 * The one API-prefix rule: the API answers every request target under API_PREFIX; the owner's admin API under
 * ADMIN_API_PREFIX; a signed-in shopper's own data (favourites) under ME_API_PREFIX.
 */
import { PICTURE_MAX_BYTES } from '../../lib/pictures.ts';
export const API_PREFIX = '/api';
export const ADMIN_API_PREFIX = `${API_PREFIX}/admin`;
const ME_API_PREFIX = `${API_PREFIX}/me`;

/** Every method some public /api route takes (each route's own list, and its Allow, is in src/server/api/router.ts). */
export const API_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;
/** The methods that carry a body the edge reads (the admin API's writes take PATCH, PUT and DELETE too). */
export const BODY_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

const UNDER_API = new RegExp(`^${API_PREFIX}(?:[/?#]|$)`);
const UNDER_ADMIN_API = new RegExp(`^${ADMIN_API_PREFIX}(?:[/?#]|$)`);
const UNDER_PRIVATE_API = new RegExp(`^(?:${ADMIN_API_PREFIX}|${ME_API_PREFIX})(?:[/?#]|$)`);
/** `http://host` in front of an absolute-form request target (`GET http://host/api/x HTTP/1.1`). */
const ABSOLUTE_FORM = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

/** The path and query of a request target, origin-form or absolute-form (`http://host/x?y` → `/x?y`). */
export function originForm(target: string | undefined): string {
  return (target ?? '/').replace(ABSOLUTE_FORM, '') || '/';
}

/** A request target's path and its query (without the `?`): the one place a target is cut at its query. */
export function splitTarget(target: string | undefined): { path: string; query: string } {
  const url = target ?? '/';
  const at = url.indexOf('?');
  return at === -1 ? { path: url, query: '' } : { path: url.slice(0, at), query: url.slice(at + 1) };
}

/** Is this request target (origin-form or absolute-form) under /api? */
export function isApiPath(target: string | undefined): boolean {
  return UNDER_API.test(originForm(target));
}

/** Is it under /api/admin (never cached, never CORS, the owner's body limits)? */
export function isAdminApiPath(target: string | undefined): boolean {
  return UNDER_ADMIN_API.test(originForm(target));
}

/**
 * Is it under /api/admin or /api/me: answers for one signed-in person, never cached, never CORS (only the shop's
 * own pages call them)?
 */
export function isPrivateApiPath(target: string | undefined): boolean {
  return UNDER_PRIVATE_API.test(originForm(target));
}

/** The admin's body limits: a picture up to 5 MB (said in src/lib/pictures.ts), a spreadsheet up to 10 MB (docs/security-and-limits.md). */
export { PICTURE_MAX_BYTES };
const SPREADSHEET_MAX_BYTES = 10 * 1024 * 1024;
/** A content page at its limits: 20 sections of 20,000 Hebrew characters (two bytes each in UTF-8), and JSON around them. */
export const CONTENT_PAGE_MAX_BYTES = 1024 * 1024;

/** The largest body the edge reads: MAX_BODY_BYTES, or a picture's or spreadsheet's size on admin routes for a request with a session. */
export function bodyLimitFor(target: string | undefined, carriesSession: boolean, maxBodyBytes: number): number {
  if (!carriesSession || !isAdminApiPath(target)) return maxBodyBytes;
  const { path } = splitTarget(originForm(target));
  if (/\/picture\/?$/.test(path)) return Math.max(maxBodyBytes, PICTURE_MAX_BYTES + 64 * 1024);
  if (/\/catalogue\.csv\/?$/.test(path)) return Math.max(maxBodyBytes, SPREADSHEET_MAX_BYTES);
  if (/\/pages\/[^/]+\/?$/.test(path)) return Math.max(maxBodyBytes, CONTENT_PAGE_MAX_BYTES);
  return Math.max(maxBodyBytes, 256 * 1024);
}
