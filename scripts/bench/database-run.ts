/**
 * One database's run of `npm run bench` (../bench.ts), in order: a throwaway database seeded with the
 * synthetic catalogue; the production server started as `npm start` runs it; pages warm (time to first
 * byte, then under load), pages cold after catalogue changes, static files, the API's rows, the
 * distinct searches, the crawler, the pages again, memory after the load; unless --no-logging-cost, on
 * the first database, the request log's cost (./logging-cost.ts); unless --no-backup, searches and pages
 * during a scheduled backup (./during-backup.ts).
 */
import type { CatalogueRows } from '../../src/server/db/seed/seed.ts';
import type { DialectName } from '../../src/server/db/database.ts';
import { measureChangeBehind } from './change-behind.ts';
import { crawl } from './crawl.ts';
import { catalogueChanger, openBenchDatabase, seed } from './databases.ts';
import { distinctQueries, measureDistinct, QUERIES_PER_KIND } from './distinct-searches.ts';
import { httpGet } from './http-get.ts';
import { measureDuringBackup } from './during-backup.ts';
import { measureLoggingCost, type LoggingRow } from './logging-cost.ts';
import { measure, notePeak, overallPeak, rssMiB, type Load } from './measure.ts';
import {
  COLD_ROUNDS,
  COMMON_WORD,
  CRAWL_CONCURRENCY,
  CRAWL_PAGES,
  FRESHNESS_MS,
  LOAD,
  PORT,
  POSTGRES_PORT,
  SEARCHES,
  SETTLE_SECONDS,
} from './options.ts';
import { measureCold, measurePage } from './pages.ts';
import type { DatabaseRun } from './report.ts';
import { sameBytes, startShop, type Running } from './servers.ts';
import { BROWSER_ACCEPT_ENCODING, findStaticFiles, staticHeaders } from './statics.ts';
import type { MemoryFigures, Row } from './tables.ts';

export const log = (message: string) => console.error(`bench: ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    await sameBytes(bare, server, path, load.headers);
    const ceiling = await measure(bare, '/', load);
    rows.push({ database, endpoint, ceiling, ...(await measure(server, path, load)) });
  }
  return rows;
}

/** Starts the shop and notes its RSS idle and after one request for each page. */
async function startMeasured(
  env: Record<string, string>,
  pagePaths: string[],
): Promise<{ server: Running; idle: number | undefined; afterFirstPages: number | undefined }> {
  const server = await startShop(PORT, env);
  await sleep(2000);
  const idle = rssMiB(server.child.pid!);
  for (const path of pagePaths) await httpGet(`${server.url}${path}`);
  await sleep(2000);
  return { server, idle, afterFirstPages: rssMiB(server.child.pid!) };
}

export async function benchDatabase(
  kind: DialectName,
  rows: CatalogueRows,
  bareServer: Running,
  passes: { loggingCost: boolean; duringBackup: boolean },
): Promise<DatabaseRun> {
  const database = await openBenchDatabase(kind, POSTGRES_PORT);
  try {
    log(`${kind}: seeding ${rows.animals.length.toLocaleString('en')} animals…`);
    const seconds = (await seed(database.env, rows)) / 1000;
    const changer = await catalogueChanger(database.env);
    log(`${kind}: seeded in ${seconds.toFixed(1)} s; starting the production server…`);
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
    const started = await startMeasured(database.env, paths);
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

      log(`${kind}: one change behind the back (searches before and after it, and its CPU)…`);
      const changeBehind = await measureChangeBehind(kind, { url: server.url, pid }, database.env, rows.animals[1]!.id);
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
          idle: started.idle,
          afterFirstPages: started.afterFirstPages,
          crawl: crawlFigures,
          peak: overallPeak.get(pid),
          settled: { seconds: SETTLE_SECONDS, rss: rssMiB(pid) },
        },
      ];
      await server.stop();

      const loggingRows: LoggingRow[] = passes.loggingCost
        ? await measureLoggingCost(kind, database.env, bareServer)
        : [];
      const duringBackup = passes.duringBackup
        ? await measureDuringBackup(kind, database.env, rows, LOAD.connections, log)
        : undefined;
      return {
        kind,
        pageRows,
        coldRows: cold.map((row) => ({ database: kind, ...row })),
        staticRows,
        apiRows,
        hotRows,
        loggingRows,
        pages,
        memory,
        crawl: crawlFigures,
        searches,
        changeBehind,
        duringBackup,
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
