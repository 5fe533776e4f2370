/**
 * How long an answer may be reused, by whom (docs/operations.md, "Behind a CDN"). Every server sees a change within
 * 250 ms, so browsers revalidate every time and a CDN keeps pages and API answers a few seconds.
 */

/** How long a CDN may serve a page or API answer without asking. */
const FRESH_SHARED_SECONDS = 5;
/** How long, after that, a CDN that reads CDN-Cache-Control may still serve it while it refreshes. */
const STALE_SECONDS = 25;

/** Pages and API answers: browsers revalidate every time, a CDN keeps them a few seconds. */
export const FRESH_CACHE_CONTROL = `public, max-age=0, must-revalidate, s-maxage=${FRESH_SHARED_SECONDS}`;
export const FRESH_CDN_CACHE_CONTROL = `public, max-age=${FRESH_SHARED_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`;

/** Pages rendered for a signed-in visitor (the admin's included): this browser only, and not stored. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** Files whose name changes with their content (Astro's hashed /_astro/ files, the boot script, the owner's /pictures/, Clerk's versioned bundles). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Generated pictures and fonts under public/: they change only with a release. */
const RELEASE_CACHE_CONTROL = 'public, max-age=86400';

const HASHED = /^\/(?:_astro\/|boot\/|pictures\/|clerk\/[\w-]+@\d+\.\d+\.\d+\/)/;
const RELEASED = /^\/(?:art|fonts)\//;

/** The Cache-Control (and CDN-Cache-Control) an answer at `pathname` goes out with. */
export function cacheControlFor(
  pathname: string,
  own: string | undefined,
  { privateAnswer }: { privateAnswer: boolean },
): Record<string, string> {
  if (HASHED.test(pathname)) return { 'cache-control': IMMUTABLE_CACHE_CONTROL };
  if (RELEASED.test(pathname)) return { 'cache-control': RELEASE_CACHE_CONTROL };
  // A route's own rule stands, but not the static file server's default `public, max-age=0`.
  if (own && !/^public, max-age=0$/.test(own)) return { 'cache-control': own };
  if (privateAnswer) return { 'cache-control': PRIVATE_CACHE_CONTROL };
  return { 'cache-control': FRESH_CACHE_CONTROL, 'cdn-cache-control': FRESH_CDN_CACHE_CONTROL };
}
