/**
 * /sitemap.xml and every sitemap it names (/sitemaps/pages.xml, /sitemaps/animals-N.xml), built
 * with the Node routes' functions (src/features/seo/sitemap.server.ts); none without PUBLIC_SITE_URL.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import {
  animalShardPath,
  animalSitemap,
  PAGES_SITEMAP_PATH,
  pagesSitemap,
  shardCount,
  SITEMAP_INDEX_PATH,
  sitemapIndex,
} from '../../features/seo/sitemap.server.ts';
import { fileParam, fileResponse, publicOrigin, seoQueries, whenPublicOrigin } from '../seo-files.server.ts';

type Props = { xml: (origin: string, queries: Awaited<ReturnType<typeof seoQueries>>) => Promise<string | undefined> };

export const getStaticPaths = (() =>
  whenPublicOrigin(async () => {
    const shards = shardCount(await (await seoQueries()).countAnimals());
    const files: [string, Props['xml']][] = [
      [SITEMAP_INDEX_PATH, sitemapIndex],
      [PAGES_SITEMAP_PATH, pagesSitemap],
      ...Array.from({ length: shards }, (_, index): [string, Props['xml']] => [
        animalShardPath(index + 1),
        (origin, queries) => animalSitemap(origin, queries, index + 1),
      ]),
    ];
    return files.map(([path, xml]) => ({ params: { sitemap: fileParam(path, '.xml') }, props: { xml } }));
  })) satisfies GetStaticPaths;

export const GET: APIRoute<Props> = async ({ props }) => {
  const xml = await props.xml(publicOrigin(), await seoQueries());
  if (xml === undefined) throw new Error('static build: an empty sitemap shard');
  return fileResponse(xml, 'application/xml; charset=utf-8');
};
