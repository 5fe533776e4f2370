import type { APIRoute } from 'astro';
import { cachedText } from '../features/seo/responses.server.ts';
import { siteOrigin } from '../features/seo/site.server.ts';
import { sitemapIndex } from '../features/seo/sitemap.server.ts';
import { createSeoQueries } from '../server/db/catalogue/seo-queries.ts';
import { getShop } from '../server/shop.ts';

/** The sitemap index (src/features/seo/sitemap.server.ts). */
export const GET: APIRoute = async ({ request, url }) => {
  const queries = createSeoQueries((await getShop()).database.db);
  return cachedText(request, await sitemapIndex(siteOrigin(url), queries), 'application/xml; charset=utf-8');
};
