/**
 * `npm run bench`: how fast the production server answers on a 100,000-animal catalogue, on SQLite
 * and on PostgreSQL, each row beside a bare Node `http` server answering a fixed JSON body (the
 * ceiling on this machine), measured just before that row (on a shared machine the load changes
 * from minute to minute).
 *
 * For each database: a throwaway database (SQLite: a temp file; PostgreSQL: a fresh database on a
 * throwaway server from scripts/test-postgres.sh, or on BENCH_DATABASE_URL), seeded with the
 * synthetic catalogue; the production server started as `npm start` runs it (its environment and
 * Node flags read from package.json; builds first when the build is stale); then, with autocannon in
 * a separate process over loopback (one second of warm-up, then the measured run):
 * - pages warm: the list, a common word's search and its page 100, a category, an animal;
 * - pages cold: the first render of each after a catalogue change made behind the server's back;
 * - static files (a script, a font, a picture, the icon), asked as a browser asks (compression);
 * - the API's rows: categories, a category's pages, the search shapes of issue 8, one animal;
 * - distinct searches of each kind of issue 17 (word forms, layout, spelling, filters) and suggestions,
 *   each asked once cold and once warm (./bench/distinct-searches.ts);
 * - the crawler: distinct animal pages, 8 at a time, then the warm pages again;
 * - memory: the server's RSS idle, after one request per page, its peak through the whole bench, and
 *   after the load has stopped (a real wait: it is a benchmark, not a test).
 * Prints requests per second, p50/p99 latency, the server's CPU time per answer (PostgreSQL's own work
 * is in its processes, not counted), and for each page its HTML size and time to first byte one request
 * at a time; writes them to bench-results/ too. The pieces: scripts/bench/ (options.ts reads the command line, report.ts writes the tables).
 *
 *   npm run bench [-- --animals 100000 --seconds 5 --connections 10 --only sqlite|postgres
 *                     --crawl 3000 --cold-rounds 20 --settle 30 --compare-settings]
 *   Quick check: npm run bench -- --animals 2000 --seconds 2 --crawl 300 --cold-rounds 5 --settle 5
 *   --compare-settings: on the first database, the warm pages and memory again with the server started
 *   without npm start's settings (Node's and glibc's defaults), in the same run.
 *   env: BENCH_PORT (default 4445), BENCH_POSTGRES_PORT (5445), BENCH_DATABASE_URL (a server where
 *   a database may be created, instead of a throwaway one), BENCH_SERVER_NODE_OPTIONS (NODE_OPTIONS
 *   for the shop's server only, e.g. "--max-old-space-size=96" to see its memory with a smaller heap)
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { CatalogueRows } from '../src/server/db/seed.ts';
import { syntheticCatalogue } from '../src/server/db/synthetic.ts';
import { measureCold } from './bench/cold.ts';
import { crawl } from './bench/crawl.ts';
import { distinctQueries, measureDistinct, QUERIES_PER_KIND } from './bench/distinct-searches.ts';
import { httpGet } from './bench/http-get.ts';
import { catalogueChanger, openBenchDatabase, seed } from './bench/databases.ts';
import { AUTOCANNON, measure, notePeak, overallPeak, rssMiB, type Load } from './bench/measure.ts';
import {
  options,
  ANIMALS,
  DURATION,
  CONNECTIONS,
  CRAWL_PAGES,
  COLD_ROUNDS,
  SETTLE_SECONDS,
  PORT,
  BARE_PORT,
  POSTGRES_PORT,
  LOAD,
  CRAWL_CONCURRENCY,
  FRESHNESS_MS,
  KINDS,
  COMMON_WORD,
  SEARCHES,
} from './bench/options.ts';
import { measurePage } from './bench/pages.ts';
import { writeReport, type DatabaseRun } from './bench/report.ts';
import {
  DEFAULT_SETTINGS,
  npmStartSettings,
  startBare,
  startShop,
  type Running,
  type ServerSettings,
} from './bench/servers.ts';
import { BROWSER_ACCEPT_ENCODING, findStaticFiles, staticHeaders } from './bench/statics.ts';
import type { MemoryFigures, Row } from './bench/tables.ts';
import type { DialectName } from '../src/server/db/database.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const log = (message: string) => console.error(`bench: ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const describeSettings = (settings: ServerSettings) =>
  [...Object.entries(settings.env).map(([name, value]) => `${name}=${value}`), ...settings.flags].join(' ') ||
  'defaults';

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

/** Each path under load, each beside the bare server measured just before it. */
async function underLoad(
  database: string,
  server: Running,
  bare: Running,
  paths: [label: string, path: string][],
  load: Load = LOAD,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [endpoint, path] of paths) {
    log(`${database}: ${endpoint}…`);
    const ceiling = await measure(bare, '/', LOAD);
    rows.push({ database, endpoint, ceiling, ...(await measure(server, path, load)) });
  }
  return rows;
}

/** Starts the shop and notes its RSS idle and after one request for each page. */
async function startMeasured(
  env: Record<string, string>,
  settings: ServerSettings,
  pagePaths: string[],
): Promise<{ server: Running; idle: number | undefined; afterFirstPages: number | undefined }> {
  const server = await startShop(PORT, env, settings);
  await sleep(2000);
  const idle = rssMiB(server.child.pid!);
  for (const path of pagePaths) await httpGet(`${server.url}${path}`);
  await sleep(2000);
  return { server, idle, afterFirstPages: rssMiB(server.child.pid!) };
}

async function benchDatabase(
  kind: DialectName,
  rows: CatalogueRows,
  bareServer: Running,
  compare: boolean,
): Promise<DatabaseRun> {
  const database = await openBenchDatabase(kind, POSTGRES_PORT);
  try {
    log(`${kind}: seeding ${rows.animals.length.toLocaleString('en')} animals…`);
    const seconds = (await seed(database.env, rows)) / 1000;
    const changer = await catalogueChanger(database.env);
    const settings = npmStartSettings();
    log(`${kind}: seeded in ${seconds.toFixed(1)} s; starting the production server (${describeSettings(settings)})…`);
    const category = rows.categories[0]!.slug;
    const animal = rows.animals[Math.floor(rows.animals.length / 2)]!;
    const pagePaths: [string, string][] = [
      ['page /products', '/products'],
      [`page /products?query=${COMMON_WORD}`, `/products?query=${encodeURIComponent(COMMON_WORD)}`],
      [`page /products?query=${COMMON_WORD}&page=100`, `/products?query=${encodeURIComponent(COMMON_WORD)}&page=100`],
      [`page /categories/${category}`, `/categories/${category}`],
      ['page /products/{id} (an animal)', `/products/${animal.id}`],
    ];
    const paths = pagePaths.map(([, path]) => path);
    const started = await startMeasured(database.env, settings, paths);
    const { server } = started;
    const pid = server.child.pid!;
    try {
      const pages: DatabaseRun['pages'] = [];
      for (const path of paths) {
        log(`${kind}: page ${path} (time to first byte, one request at a time)…`);
        pages.push({ database: kind, ...(await measurePage(server.url, path)) });
        notePeak(pid);
      }
      const pageRows = await underLoad(kind, server, bareServer, pagePaths);

      log(`${kind}: pages cold (${COLD_ROUNDS} catalogue changes behind the server's back)…`);
      const cold = await measureCold(server.url, paths, () => changer.change(rows.animals[0]!.id), {
        rounds: COLD_ROUNDS,
        waitMs: FRESHNESS_MS,
      });
      notePeak(pid);

      const statics = await findStaticFiles(server.url);
      const staticRows = await underLoad(
        kind,
        server,
        bareServer,
        statics.map(({ label, path }): [string, string] => [`static: ${label} ${path}`, path]),
        { ...LOAD, headers: BROWSER_ACCEPT_ENCODING },
      );
      for (const [index, file] of statics.entries())
        staticRows[index]!.headers = await staticHeaders(server.url, file.path);

      const search = (text: string, sort: string, page: number) =>
        `/api/animals/search?search=${encodeURIComponent(text)}&sort=${sort}&limit=24&page=${page}`;
      const apiRows = await underLoad(kind, server, bareServer, [
        ['categories list', '/api/categories'],
        ['one category with its animals (no limit: the first 1,000)', `/api/categories/${category}?isPopulate=true`],
        ['a page of a category (24 animals)', `/api/categories/${category}?isPopulate=true&limit=24`],
        ['one category, page 100 of 24', `/api/categories/${category}?isPopulate=true&limit=24&page=100`],
        ...SEARCHES.map(([label, text, sort, page]): [string, string] => [
          `search: ${label}, by ${sort}, page ${page}`,
          search(text, sort, page),
        ]),
        ['one animal', `/api/animals/${animal.id}`],
      ]);

      log(`${kind}: distinct searches and suggestions (${QUERIES_PER_KIND} of each kind, cold then warm)…`);
      const searches = await measureDistinct(
        server.url,
        distinctQueries(rows.categories.map((row) => row.slug)),
        bareServer.url,
      );
      notePeak(pid);

      // Distinct animals, none of them the warm rows' one.
      const crawled = rows.animals
        .filter((candidate) => candidate.id !== animal.id)
        .slice(0, CRAWL_PAGES)
        .map((candidate) => `/products/${candidate.id}`);
      log(
        `${kind}: the crawler (${crawled.length.toLocaleString('en')} animal pages, ${CRAWL_CONCURRENCY} at a time)…`,
      );
      const crawlFigures = await crawl(server, crawled, CRAWL_CONCURRENCY);
      const hotRows = await underLoad(
        kind,
        server,
        bareServer,
        pagePaths.map(([label, path]): [string, string] => [`${label}, after the crawl`, path]),
      );
      notePeak(pid);
      log(`${kind}: waiting ${SETTLE_SECONDS} s after the load…`);
      await sleep(SETTLE_SECONDS * 1000);
      const memory: MemoryFigures[] = [
        {
          database: kind,
          settings: describeSettings(settings),
          idle: started.idle,
          afterFirstPages: started.afterFirstPages,
          crawl: crawlFigures,
          peak: overallPeak.get(pid),
          settled: { seconds: SETTLE_SECONDS, rss: rssMiB(pid) },
        },
      ];
      await server.stop();

      let compareRows: Row[] = [];
      if (compare) {
        log(`${kind}: the same pages with the server on its defaults (no npm start settings)…`);
        const plain = await startMeasured(database.env, DEFAULT_SETTINGS, paths);
        try {
          compareRows = await underLoad(
            `${kind}, defaults`,
            plain.server,
            bareServer,
            pagePaths.map(([label, path]): [string, string] => [label, path]),
          );
          const plainCrawl = await crawl(plain.server, crawled, CRAWL_CONCURRENCY);
          notePeak(plain.server.child.pid!);
          memory.push({
            database: kind,
            settings: 'defaults',
            idle: plain.idle,
            afterFirstPages: plain.afterFirstPages,
            crawl: plainCrawl,
            peak: overallPeak.get(plain.server.child.pid!),
          });
        } finally {
          await plain.server.stop();
        }
      }
      return {
        kind,
        pageRows,
        coldRows: cold.map((row) => ({ database: kind, ...row })),
        staticRows,
        apiRows,
        hotRows,
        compareRows,
        pages,
        memory,
        crawl: crawlFigures,
        searches,
        seedSeconds: seconds,
      };
    } finally {
      await server.stop();
      await changer.close();
    }
  } finally {
    await database.dispose();
  }
}

async function main(): Promise<void> {
  if (!existsSync(AUTOCANNON)) throw new Error('autocannon is not installed (npm install)');
  const loadBefore = loadavg()[0]!;
  log(
    `${ANIMALS.toLocaleString('en')} animals, ${CONNECTIONS} connections, ${DURATION} s per endpoint, ports ${PORT}/${POSTGRES_PORT}`,
  );
  const rows = syntheticCatalogue(ANIMALS);

  log('bare Node http server (the ceiling)…');
  const bareServer = await startBare(BARE_PORT);
  let bare: Row;
  const runs: DatabaseRun[] = [];
  try {
    bare = { database: 'bare', endpoint: 'fixed JSON body (node:http)', ...(await measure(bareServer, '/', LOAD)) };
    for (const [index, kind] of KINDS.entries())
      runs.push(await benchDatabase(kind, rows, bareServer, options['compare-settings'] && index === 0));
  } finally {
    await bareServer.stop();
  }
  const summary = writeReport({
    root: ROOT,
    animals: ANIMALS,
    connections: CONNECTIONS,
    duration: DURATION,
    freshnessMs: FRESHNESS_MS,
    loadBefore,
    bare,
    runs,
  });
  console.log(summary);
  const measured = runs.flatMap((run) => [
    ...run.pageRows,
    ...run.staticRows,
    ...run.apiRows,
    ...run.hotRows,
    ...run.compareRows,
  ]);
  if (
    [bare, ...measured].some((row) => row.failures > 0 || row.answered === 0) ||
    runs.some((run) => run.crawl.failures > 0)
  ) {
    log('some requests failed, or an endpoint answered nothing in time (see "answered" and "failed")');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}${cause}`);
  process.exit(1);
});
