/**
 * `npm run bench`: how fast the production server answers the catalogue API on a 100,000-animal
 * catalogue, on SQLite and on PostgreSQL, beside a bare Node `http` server answering a fixed JSON
 * body (the ceiling on this machine).
 *
 * For each database: a throwaway database (SQLite: a temp file; PostgreSQL: a fresh database on a
 * throwaway server from scripts/test-postgres.sh, or on BENCH_DATABASE_URL), seeded with the
 * synthetic catalogue; the production server started as `npm start` does (building first when the
 * build is stale); then autocannon, in a separate process over loopback, for each endpoint (one
 * second of warm-up, then the measured run): the API's search shapes of issue 8 (no match, rare and
 * common word, one and two letters, the empty search; each sort; page 1 and page 100), categories,
 * one animal, and the list pages. Prints requests per second, p50/p99 latency and the server's peak
 * resident memory during each run and the server's CPU time per answer (PostgreSQL's own work is in
 * its processes, not counted), each with its ratio to the bare server's (measured just before that row, since on a shared
 * machine the load changes from minute to minute), the server's peak
 * memory through the whole bench, and for each page its HTML size gzip-compressed and its time to
 * first byte one request at a time; writes them to bench-results/ too. The pieces: scripts/bench/
 * (servers.ts, databases.ts, measure.ts for one endpoint under load, pages.ts).
 *
 *   npm run bench [-- --animals 100000 --duration 5 --connections 10 --only sqlite|postgres]
 *   env: BENCH_PORT (default 4445), BENCH_POSTGRES_PORT (5445), BENCH_DATABASE_URL (a server where
 *   a database may be created, instead of a throwaway one), BENCH_SERVER_NODE_OPTIONS (NODE_OPTIONS
 *   for the shop's server only, e.g. "--max-old-space-size=96" to see its memory with a smaller heap)
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DIALECTS, type DialectName } from '../src/server/db/database.ts';
import type { CatalogueRows } from '../src/server/db/seed.ts';
import { syntheticCatalogue } from '../src/server/db/synthetic.ts';
import { openBenchDatabase, seed } from './bench/databases.ts';
import { AUTOCANNON, measure, notePeak, overallPeak, type Figures, type Load } from './bench/measure.ts';
import { measurePage, pagesTable, type PageFigures } from './bench/pages.ts';
import { startBare, startShop, type Running } from './bench/servers.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const { values: options } = parseArgs({
  options: {
    animals: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
  },
});
const ANIMALS = Number(options.animals);
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const PORT = Number(process.env.BENCH_PORT ?? 4445);
/** The bare server runs beside the shop for the whole run, on the next port. */
const BARE_PORT = PORT + 1;
const POSTGRES_PORT = Number(process.env.BENCH_POSTGRES_PORT ?? 5445);
const LOAD: Load = { seconds: DURATION, connections: CONNECTIONS };
for (const [name, value] of Object.entries({
  animals: ANIMALS,
  duration: DURATION,
  connections: CONNECTIONS,
  port: PORT,
})) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`bench: --${name} takes a whole positive number`);
    process.exit(2);
  }
}

type Kind = DialectName;
const KINDS: readonly Kind[] = options.only === undefined ? DIALECTS : [options.only as Kind];
if (!KINDS.every((kind) => kind === 'sqlite' || kind === 'postgres')) {
  console.error('bench: --only takes sqlite or postgres');
  process.exit(2);
}

interface Row extends Figures {
  database: Kind | 'bare';
  endpoint: string;
  /**
   * The bare server measured just before this row: on a shared machine the load changes from minute
   * to minute, so each row's ratios are taken against its own adjacent ceiling.
   */
  ceiling?: Figures;
}

const log = (message: string) => console.error(`bench: ${message}`);

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

const COMMON_WORD = 'קטן';
const RARE_WORD = '4242';
const NO_MATCH = 'אין כזה תיפלץ בכלל';
const ONE_LETTER = 'ק';
const TWO_LETTERS = 'קט';

/** The search shapes of issue 8: [label, search, sort, page]. */
const SEARCHES: [string, string, 'name' | 'price', number][] = [
  ['no match', NO_MATCH, 'name', 1],
  [`rare word '${RARE_WORD}'`, RARE_WORD, 'name', 1],
  [`common word '${COMMON_WORD}'`, COMMON_WORD, 'name', 1],
  [`common word '${COMMON_WORD}'`, COMMON_WORD, 'name', 100],
  [`common word '${COMMON_WORD}'`, COMMON_WORD, 'price', 1],
  [`common word '${COMMON_WORD}'`, COMMON_WORD, 'price', 100],
  [`one letter '${ONE_LETTER}'`, ONE_LETTER, 'name', 1],
  [`one letter '${ONE_LETTER}'`, ONE_LETTER, 'name', 100],
  [`two letters '${TWO_LETTERS}'`, TWO_LETTERS, 'name', 1],
  [`two letters '${TWO_LETTERS}'`, TWO_LETTERS, 'name', 100],
  ['empty search', '', 'name', 1],
  ['empty search', '', 'name', 100],
  ['empty search', '', 'price', 1],
  ['empty search', '', 'price', 100],
];

interface DatabaseRun {
  rows: Row[];
  pages: (PageFigures & { database: Kind })[];
  peakRssMiB: number | undefined;
  seedSeconds: number;
}

async function benchDatabase(kind: Kind, rows: CatalogueRows, bareServer: Running): Promise<DatabaseRun> {
  const database = await openBenchDatabase(kind, POSTGRES_PORT);
  try {
    log(`${kind}: seeding ${rows.animals.length.toLocaleString('en')} animals…`);
    const seconds = (await seed(database.env, rows)) / 1000;
    log(`${kind}: seeded in ${seconds.toFixed(1)} s; starting the production server…`);
    const server = await startShop(PORT, database.env);
    try {
      const categories = (await (await fetch(`${server.url}/api/categories`)).json()) as { slug: string }[];
      const category = categories[0]!.slug;
      const animal = rows.animals[Math.floor(rows.animals.length / 2)]!;
      const search = (text: string, sort: string, page: number) =>
        `/api/animals/search?search=${encodeURIComponent(text)}&sort=${sort}&limit=24&page=${page}`;
      const endpoints: [string, string][] = [
        ['categories list', '/api/categories'],
        ['one category with its animals (no limit: the first 1,000)', `/api/categories/${category}?isPopulate=true`],
        ['a page of a category (24 animals)', `/api/categories/${category}?isPopulate=true&limit=24`],
        ['one category, page 100 of 24', `/api/categories/${category}?isPopulate=true&limit=24&page=100`],
        ...SEARCHES.map(([label, text, sort, page]): [string, string] => [
          `search: ${label}, by ${sort}, page ${page}`,
          search(text, sort, page),
        ]),
        ['one animal', `/api/animals/${animal.id}`],
      ];
      const pagePaths = [
        '/products',
        `/products?query=${encodeURIComponent(COMMON_WORD)}`,
        `/products?query=${encodeURIComponent(COMMON_WORD)}&page=100`,
        `/categories/${category}`,
      ];
      const measured: Row[] = [];
      const pages: DatabaseRun['pages'] = [];
      for (const path of pagePaths) {
        log(`${kind}: page ${path} (time to first byte, one request at a time)…`);
        pages.push({ database: kind, ...(await measurePage(server.url, path)) });
        notePeak(server.child.pid!);
      }
      for (const path of pagePaths) {
        log(`${kind}: page ${path} (autocannon)…`);
        const ceiling = await measure(bareServer, '/', LOAD);
        measured.push({
          database: kind,
          endpoint: `page ${decodeURIComponent(path)}`,
          ceiling,
          ...(await measure(server, path, LOAD)),
        });
      }
      for (const [endpoint, path] of endpoints) {
        log(`${kind}: ${endpoint}…`);
        const ceiling = await measure(bareServer, '/', LOAD);
        measured.push({ database: kind, endpoint, ceiling, ...(await measure(server, path, LOAD)) });
      }
      notePeak(server.child.pid!);
      return { rows: measured, pages, peakRssMiB: overallPeak.get(server.child.pid!), seedSeconds: seconds };
    } finally {
      await server.stop();
    }
  } finally {
    await database.dispose();
  }
}

function table(rows: Row[], bare: Row): string {
  const ratio = (value: number | undefined, ceiling: number | undefined) =>
    value === undefined || ceiling === undefined || ceiling === 0
      ? '—'
      : `${(value / ceiling).toFixed(value / ceiling < 0.1 ? 3 : 2)}×`;
  const header = [
    'database',
    'endpoint',
    'req/s',
    'ceiling req/s',
    '× ceiling',
    'p50 ms',
    '× ceiling',
    'p99 ms',
    '× ceiling',
    'server CPU ms/req',
    '× ceiling',
    'peak RSS MiB',
    '× ceiling',
    'answered',
    'failed',
  ];
  const lines = [bare, ...rows].map((row) => {
    const ceiling = row.ceiling ?? bare;
    return [
      row.database,
      row.endpoint,
      Math.round(row.requestsPerSecond).toLocaleString('en'),
      Math.round(ceiling.requestsPerSecond).toLocaleString('en'),
      ratio(row.requestsPerSecond, ceiling.requestsPerSecond),
      String(row.p50),
      ratio(row.p50, ceiling.p50),
      String(row.p99),
      ratio(row.p99, ceiling.p99),
      row.cpuMsPerRequest === undefined ? '—' : row.cpuMsPerRequest.toFixed(3),
      ratio(row.cpuMsPerRequest, ceiling.cpuMsPerRequest),
      row.peakRssMiB === undefined ? '—' : row.peakRssMiB.toFixed(0),
      ratio(row.peakRssMiB, ceiling.peakRssMiB),
      row.answered.toLocaleString('en'),
      String(row.failures),
    ];
  });
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...lines.map((line) => `| ${line.join(' | ')} |`),
  ].join('\n');
}

async function main(): Promise<void> {
  if (!existsSync(AUTOCANNON)) throw new Error('autocannon is not installed (npm install)');
  const date = new Date().toISOString().slice(0, 10);
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
    for (const kind of KINDS) runs.push(await benchDatabase(kind, rows, bareServer));
  } finally {
    await bareServer.stop();
  }
  const measured = runs.flatMap((run) => run.rows);

  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`;
  const load = `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`;
  const peaks = runs
    .map(
      (run, index) =>
        `${KINDS[index]}: ${run.peakRssMiB === undefined ? '—' : `${run.peakRssMiB.toFixed(0)} MiB`} (seeded in ${run.seedSeconds.toFixed(1)} s)`,
    )
    .join('; ');
  const summary =
    `Benchmark ${date}: ${ANIMALS.toLocaleString('en')} animals, autocannon ${CONNECTIONS} connections × ${DURATION} s per endpoint over loopback, ${machine}, ${load}.\n` +
    `Latency in whole milliseconds (autocannon's resolution; 0 means under 1 ms). "answered" counts 2xx answers in the measured run; ` +
    `"failed" counts errors, timeouts and non-2xx answers (requests still unanswered when the run ends count in neither). ` +
    `Each row's ratios are against the bare server measured just before it ("ceiling req/s"); the first row is the bare server at the start.\n\n` +
    table(measured, bare) +
    `\n\nServer peak RSS through the whole bench (warm-ups included): ${peaks}; the bare server: ${bare.peakRssMiB?.toFixed(0) ?? '—'} MiB.\n\n` +
    `Pages: HTML size gzip-compressed, and time to first byte of ${runs[0]?.pages[0]?.requests ?? 0} requests one at a time (after 5 warm-up requests).\n\n` +
    pagesTable(runs.flatMap((run) => run.pages));
  console.log(summary);
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-results', `${date}.md`), `${summary}\n`);
  writeFileSync(
    join(ROOT, 'bench-results', `${date}.json`),
    `${JSON.stringify({ date, animals: ANIMALS, connections: CONNECTIONS, duration: DURATION, machine, load, bare, runs }, null, 2)}\n`,
  );
  if ([bare, ...measured].some((row) => row.failures > 0 || row.answered === 0)) {
    log('some requests failed, or an endpoint answered nothing in time (see "answered" and "failed")');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
