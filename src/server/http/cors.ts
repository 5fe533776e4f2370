/** CORS and Vary: the public API's answers carry CORS, never the admin API's nor a shopper's own under /api/me. */

import { isApiPath, isPrivateApiPath } from './api-path.ts';

/** The origins whose requests to `target` get CORS: ALLOWED_ORIGINS under the public /api (not the admin's nor /api/me), else none. */
export function corsOriginsFor(target: string | undefined, allowedOrigins: readonly string[]): readonly string[] {
  return isApiPath(target) && !isPrivateApiPath(target) ? allowedOrigins : [];
}

/** CORS for the origins in ALLOWED_ORIGINS: the exact origin echoed, with credentials. Others get nothing. */
export function corsHeadersFor(
  origin: string | null | undefined,
  allowedOrigins: readonly string[],
): Record<string, string> {
  if (!origin || !allowedOrigins.includes(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': 'ETag, Link',
  };
}

/** A Vary value naming each header once (case-insensitively); `*` stands alone. */
export function mergeVary(...values: (string | undefined)[]): string | undefined {
  const names = new Map<string, string>();
  for (const value of values)
    for (const token of (value ?? '').split(',')) {
      const name = token.trim();
      if (name && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
    }
  if (names.has('*')) return '*';
  return names.size > 0 ? [...names.values()].join(', ') : undefined;
}
