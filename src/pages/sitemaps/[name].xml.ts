import type { APIRoute } from 'astro';
import { cachedText, notFoundText } from '../../features/seo/responses.server.ts';
import { siteOrigin } from '../../features/seo/site.server.ts';
import { animalSitemap, pagesSitemap } from '../../features/seo/sitemap.server.ts';
import { createSeoQueries } from '../../server/db/catalogue/seo-queries.ts';
import { getShop } from '../../server/shop.ts';

/** One sitemap of the index: `pages` or `animals-N` (src/features/seo/sitemap.server.ts). */
export const GET: APIRoute = async ({ request, url, params }) => {
  const queries = createSeoQueries((await getShop()).database.db);
  const origin = siteOrigin(url);
  const shard = /^animals-([1-9]\d{0,5})$/.exec(params.name ?? '');
  const xml =
    params.name === 'pages'
      ? await pagesSitemap(origin, queries)
      : shard
        ? await animalSitemap(origin, queries, Number(shard[1]))
        : undefined;
  return xml === undefined ? notFoundText() : cachedText(request, xml, 'application/xml; charset=utf-8');
};
