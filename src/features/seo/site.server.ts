/**
 * The shop's public address: the one the edge decided for this request (src/server/http/public-origin.ts:
 * PUBLIC_SITE_URL, then TRUST_PROXY's forwarded host, then Host), else PUBLIC_SITE_URL, else the
 * origin the page was asked at (`astro dev`). Every absolute URL the shop hands out (canonical
 * links, Open Graph, JSON-LD, sitemaps, robots.txt) is made here.
 */
import { loadBuildSettings } from '../../server/config.ts';
import { currentPublicOrigin } from '../../server/http/public-origin.ts';

let configured: { value: string | undefined } | undefined;

/** PUBLIC_SITE_URL's origin, read once per process (prerendered pages read it while the shop builds). */
export function configuredOrigin(): string | undefined {
  configured ??= { value: loadBuildSettings().publicSiteUrl };
  return configured.value;
}

export function siteOrigin(requestUrl: URL): string {
  return currentPublicOrigin() ?? configuredOrigin() ?? requestUrl.origin;
}

/** `path` (starting with /, maybe with a query) made absolute on `origin`. */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}
