/**
 * The shop's public address: PUBLIC_SITE_URL when set (src/server/config.ts), else the origin the
 * page was asked at. Every absolute URL the shop hands out (canonical links, Open Graph, JSON-LD,
 * sitemaps, robots.txt) is made here.
 */
import { loadConfig } from '../../server/config.ts';

let configured: { value: string | undefined } | undefined;

/** PUBLIC_SITE_URL's origin, read once per process (the rest of the config is validated by the server). */
export function configuredOrigin(): string | undefined {
  configured ??= { value: loadConfig().publicSiteUrl };
  return configured.value;
}

export function siteOrigin(requestUrl: URL): string {
  return configuredOrigin() ?? requestUrl.origin;
}

/** `path` (starting with /, maybe with a query) made absolute on `origin`. */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}
