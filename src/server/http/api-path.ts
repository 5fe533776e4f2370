/** The one API-prefix rule: the API answers every request target under API_PREFIX. */
export const API_PREFIX = '/api';

/** Every method some /api route takes (each route's own list, and its Allow, is in src/server/api/router.ts). */
export const API_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;

const UNDER_API = new RegExp(`^${API_PREFIX}(?:[/?#]|$)`);
/** `http://host` in front of an absolute-form request target (`GET http://host/api/x HTTP/1.1`). */
const ABSOLUTE_FORM = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

/** Is this request target (origin-form or absolute-form) under /api? */
export function isApiPath(target: string | undefined): boolean {
  return UNDER_API.test((target ?? '').replace(ABSOLUTE_FORM, ''));
}
