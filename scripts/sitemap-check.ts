/**
 * `node scripts/sitemap-check.ts [animals]` (default 100,000): builds the sitemaps of a synthetic
 * catalogue of that size on its own throwaway SQLite database (never the shop's) and checks them:
 * shard count, at most 50,000 well-formed, escaped URLs per shard, every animal exactly once.
 * Prints the time each step took. Kept out of `npm test` (it seeds and walks a large catalogue).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  animalSitemap,
  pagesSitemap,
  shardCount,
  sitemapIndex,
  SITEMAP_SHARD_SIZE,
} from '../src/features/seo/sitemap.server.ts';
import { loadConfig } from '../src/server/config.ts';
import { createSeoQueries } from '../src/server/db/catalogue/seo-queries.ts';
import { replaceCatalogue } from '../src/server/db/seed/seed.ts';
import { syntheticCatalogue } from '../src/server/db/seed/synthetic.ts';
import { openShop } from '../src/server/shop.ts';

const size = Number(process.argv[2] ?? 100_000);
const origin = 'https://shop.example';
const folder = mkdtempSync(join(tmpdir(), 'shop-sitemap-'));
const shop = await openShop(loadConfig({ DATABASE_PATH: join(folder, 'shop.db'), SEED_ON_START: 'false' }));
const time = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  const result = await work();
  console.log(`${label}: ${(performance.now() - start).toFixed(0)} ms`);
  return result;
};
const fail = (message: string): never => {
  throw new Error(`sitemap check: ${message}`);
};
try {
  await time(`seed ${size} synthetic animals`, () => replaceCatalogue(shop.database.db, syntheticCatalogue(size)));
  const queries = createSeoQueries(shop.database.db);
  const index = await time('sitemap index', () => sitemapIndex(origin, queries));
  const shards = shardCount(size);
  const listed = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].length;
  if (listed !== shards + 1) fail(`index lists ${listed} sitemaps, expected ${shards + 1}`);
  await pagesSitemap(origin, queries);
  const seen = new Set<string>();
  for (let shard = 1; shard <= shards; shard++) {
    const xml =
      (await time(`animals-${shard}.xml`, () => animalSitemap(origin, queries, shard))) ??
      fail(`shard ${shard} missing`);
    const urls = [...xml.matchAll(/<url><loc>([^<&]*)<\/loc><\/url>/g)].map((match) => match[1]!);
    if (urls.length > SITEMAP_SHARD_SIZE) fail(`shard ${shard} has ${urls.length} URLs`);
    if (!xml.endsWith('</urlset>\n') || xml.split('<url>').length - 1 !== urls.length)
      fail(`shard ${shard} is not well-formed`);
    console.log(`  ${urls.length} URLs, ${(Buffer.byteLength(xml) / 1e6).toFixed(1)} MB`);
    for (const url of urls) seen.add(url);
  }
  if (seen.size !== size) fail(`${seen.size} distinct animal URLs, expected ${size}`);
  if ((await animalSitemap(origin, queries, shards + 1)) !== undefined) fail('a shard past the end exists');
  console.log(`ok: ${size} animals in ${shards} shards of at most ${SITEMAP_SHARD_SIZE}`);
} finally {
  await shop.close();
  rmSync(folder, { recursive: true, force: true });
}
