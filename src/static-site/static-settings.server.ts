/**
 * The static build's settings, read through src/server/config.ts like the server's, at build time:
 * what a copy on a static host does where the Node server would answer itself.
 * - PUBLIC_API_URL (readPublicApiUrl, the same reading astro.config.mjs bakes into the browser code):
 *   an API of its own (not the default same-origin /api, which a static host does not have) is used
 *   for the animals list's searches and for contact messages; without one the list searches the
 *   prebuilt index in the browser and contact offers PUBLIC_CONTACT_EMAIL;
 * - Clerk: sign-in is on with a valid publishable key; no secret key is read (there is no server to
 *   keep one or to verify a session).
 */
import type { ListStrategy } from '../features/animal-list/list-strategy.ts';
import { readClerkBrowserSettings, type ClerkBrowserReading } from '../server/clerk-settings.ts';
import { DEFAULT_API_BASE, loadBuildSettings, readPublicApiUrl } from '../server/config.ts';

const usesApi = readPublicApiUrl(process.env) !== DEFAULT_API_BASE;

/** A static host's lists: a file per page; searches through the API, or the browser index without one. */
export const STATIC_LISTS: ListStrategy = { paging: 'path', search: usesApi ? 'api' : 'index' };

export function contactDelivery(): { by: 'api' } | { by: 'mail'; email: string | undefined } {
  return usesApi ? { by: 'api' } : { by: 'mail', email: loadBuildSettings().publicContactEmail };
}

export function staticClerkSettings(): ClerkBrowserReading {
  return readClerkBrowserSettings(process.env, import.meta.env.SHOP_CLERK_SELF_HOSTED !== false);
}
