/**
 * Sitemaps (sitemaps.org 0.9): /sitemap.xml is an index naming /sitemaps/pages.xml (the static
 * pages and every category) and /sitemaps/animals-N.xml, shards of at most SITEMAP_SHARD_SIZE
 * animals each in id order. Every URL is XML-escaped. See docs/decisions/0008-seo.md.
 */
import type { SeoQueries } from '../../server/db/catalogue/seo-queries.ts';
import { categoryPath, productPath } from '../../lib/paths.ts';
import { absoluteUrl } from './site.server.ts';

/** The protocol's limit is 50,000 URLs per file. */
export const SITEMAP_SHARD_SIZE = 50_000;
export const STATIC_PATHS = ['/', '/categories', '/products', '/about', '/accessibility', '/contact'] as const;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

export const animalShardPath = (shard: number): string => `/sitemaps/animals-${shard}.xml`;
export const PAGES_SITEMAP_PATH = '/sitemaps/pages.xml';
export const SITEMAP_INDEX_PATH = '/sitemap.xml';

export function shardCount(animals: number, shardSize = SITEMAP_SHARD_SIZE): number {
  return Math.ceil(animals / shardSize);
}

/** Pages whose content does not come from the catalogue (no lastmod: the catalogue's time would be wrong for them). */
const CATALOGUE_FREE_PATHS: readonly string[] = ['/about', '/accessibility', '/contact'];

/** `<lastmod>` when the time is known: the catalogue's last change, for every page it feeds. */
const lastmod = (changedAt: string | undefined) => (changedAt ? `<lastmod>${escapeXml(changedAt)}</lastmod>` : '');

function urlSet(urls: readonly { loc: string; changedAt?: string | undefined }[]): string {
  const body = urls
    .map(({ loc, changedAt }) => `<url><loc>${escapeXml(loc)}</loc>${lastmod(changedAt)}</url>`)
    .join('\n');
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${body}\n</urlset>\n`;
}

export async function sitemapIndex(
  origin: string,
  queries: SeoQueries,
  shardSize = SITEMAP_SHARD_SIZE,
): Promise<string> {
  const shards = shardCount(await queries.countAnimals(), shardSize);
  const changedAt = await queries.catalogueChangedAt();
  const paths = [PAGES_SITEMAP_PATH, ...Array.from({ length: shards }, (_, index) => animalShardPath(index + 1))];
  const body = paths
    .map((path) => `<sitemap><loc>${escapeXml(absoluteUrl(origin, path))}</loc>${lastmod(changedAt)}</sitemap>`)
    .join('\n');
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${body}\n</sitemapindex>\n`;
}

export async function pagesSitemap(origin: string, queries: SeoQueries): Promise<string> {
  const slugs = (await queries.categorySlugs()).slice(0, SITEMAP_SHARD_SIZE - STATIC_PATHS.length);
  const changedAt = await queries.catalogueChangedAt();
  return urlSet(
    [...STATIC_PATHS, ...slugs.map((slug) => categoryPath(slug))].map((path) => ({
      loc: absoluteUrl(origin, path),
      changedAt: CATALOGUE_FREE_PATHS.includes(path) ? undefined : changedAt,
    })),
  );
}

/** Shard `shard` (1-based) of the animals; undefined past the last one. */
export async function animalSitemap(
  origin: string,
  queries: SeoQueries,
  shard: number,
  shardSize = SITEMAP_SHARD_SIZE,
): Promise<string | undefined> {
  if (!Number.isInteger(shard) || shard < 1) return undefined;
  const ids = await queries.animalIds((shard - 1) * shardSize, shardSize);
  if (ids.length === 0) return undefined;
  const changedAt = await queries.catalogueChangedAt();
  return urlSet(ids.map((_id) => ({ loc: absoluteUrl(origin, productPath(_id)), changedAt })));
}

/** Without an origin (a static build without PUBLIC_SITE_URL) there are no sitemaps to name. */
export function robotsTxt(origin: string | undefined): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    // The owner's admin (noindex, behind sign-in; not on a static host at all).
    'Disallow: /admin',
    // Search results with a query are not disallowed: they say `noindex, follow` themselves, which a
    // crawler kept out by a Disallow would never read (docs/seo.md).
    '',
    ...(origin ? [`Sitemap: ${absoluteUrl(origin, SITEMAP_INDEX_PATH)}`, ''] : []),
  ].join('\n');
}
