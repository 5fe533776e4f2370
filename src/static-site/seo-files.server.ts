/**
 * The static build's SEO files (robots.txt, sitemaps, preview pictures): the Node routes' own
 * functions from src/features/seo/, called at build time. Sitemaps and pictures are built only when
 * PUBLIC_SITE_URL is set for the build: they exist for absolute URLs (the sitemaps' <loc>, the
 * pages' og:image), which need the public address. See docs/decisions/0007-static-build.md.
 */
import { configuredOrigin } from '../features/seo/site.server.ts';
import { createSeoQueries } from '../server/db/catalogue/seo-queries.ts';
import { getShop } from '../server/shop.ts';

/** PUBLIC_SITE_URL's origin; only asked for by files whose getStaticPaths needed it. */
export function publicOrigin(): string {
  const origin = configuredOrigin();
  if (!origin) throw new Error('static build: this file needs PUBLIC_SITE_URL');
  return origin;
}

/** `paths()` when the build knows its public address, else no files at all. */
export async function whenPublicOrigin<T>(paths: (origin: string) => Promise<T[]>): Promise<T[]> {
  const origin = configuredOrigin();
  return origin ? paths(origin) : [];
}

export async function seoQueries() {
  return createSeoQueries((await getShop()).database.db);
}

/** A built file's route parameter from its path: `/sitemaps/pages.xml` → `sitemaps/pages`. */
export function fileParam(path: string, extension: string): string {
  return decodeURIComponent(path.slice(1, -extension.length));
}

export function fileResponse(body: string | Uint8Array, contentType: string): Response {
  return new Response(body as BodyInit, { headers: { 'Content-Type': contentType } });
}
