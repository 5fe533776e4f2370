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
 * first byte one request at a time (scripts/bench-pages.ts); writes them to bench-results/ too.
 *
 *   npm run bench [-- --animals 100000 --duration 5 --connections 10 --only sqlite|postgres]
 *   env: BENCH_PORT (default 4445), BENCH_POSTGRES_PORT (5445), BENCH_DATABASE_URL (a server where
 *   a database may be created, instead of a throwaway one), BENCH_SERVER_NODE_OPTIONS (NODE_OPTIONS
 *   for the shop's server only, e.g. "--max-old-space-size=96" to see its memory with a smaller heap)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { DIALECTS, type DialectName } from '../src/server/db/database.ts';
import { replaceCatalogue, type CatalogueRows } from '../src/server/db/seed.ts';
import { syntheticCatalogue } from '../src/server/db/synthetic.ts';
import { openShop } from '../src/server/shop.ts';
import { createPostgresDatabase, type FreshDatabase } from '../tests/helpers/postgres.ts';
import { measurePage, pagesTable, type PageFigures } from './bench-pages.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const AUTOCANNON = join(ROOT, 'node_modules/autocannon/autocannon.js');
const TEST_POSTGRES = join(ROOT, 'scripts/test-postgres.sh');

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

interface Figures {
  /** CPU time the server process spent per answered request (user + system), in ms (Linux). */
  cpuMsPerRequest: number | undefined;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Peak resident set size of the server while this endpoint ran, in MiB (Linux). */
  peakRssMiB: number | undefined;
  /** 2xx answers during the measured run. */
  answered: number;
  failures: number;
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
// Servers
// ---------------------------------------------------------------------------------------------

interface Running {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/** Spawns a server process and waits until it prints `ready` (a line containing it). */
async function launch(args: string[], env: NodeJS.ProcessEnv, ready: string, port = PORT): Promise<Running> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start within 3 minutes:\n${lines.join('\n')}`)),
      180_000,
    );
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        if (line.includes(ready)) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it listened:\n${lines.join('\n')}`));
    });
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The production server as `npm start` runs it (builds first when the build is stale). */
function startShop(databaseEnv: Record<string, string>): Promise<Running> {
  return launch(
    ['scripts/start.ts'],
    {
      HOST: '127.0.0.1',
      PORT: String(PORT),
      SEED_ON_START: 'false',
      DATABASE_URL: '',
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
      ...databaseEnv,
    },
    `http://127.0.0.1:${PORT}`,
  );
}

/** The ceiling: a bare Node http server answering a fixed JSON body of about one animal's size. */
const BARE_BODY = JSON.stringify({
  _id: '0123456789abcdef01234567',
  slug: 'bare-node',
  name: 'תיפלץ קבוע',
  description: 'תשובה קבועה של שרת Node חשוף, בערך בגודל של תיפלץ אחד, כדי למדוד את התקרה של המכונה הזאת.',
  img: '/art/animals/bare-node.svg',
  price: 1234,
  countInStock: 5,
  rating: 4.5,
  numReviews: 42,
  category: 'bare',
});
function startBare(): Promise<Running> {
  const program = `
    const body = Buffer.from(process.env.BARE_BODY);
    require('node:http').createServer((request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
      response.end(body);
    }).listen(${BARE_PORT}, '127.0.0.1', () => console.log('bare listening'));
    process.on('SIGTERM', () => process.exit(0));`;
  return launch(['-e', program], { BARE_BODY }, 'bare listening', BARE_PORT);
}

// ---------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------

/** Peak RSS since the last reset (Linux: VmHWM, reset by writing 5 to clear_refs). */
function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not Linux, or not allowed: the figure then covers the process's whole life
  }
}
function peakMiB(pid: number): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

interface AutocannonResult {
  '2xx': number;
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** Runs autocannon (a separate process) against the URL for `seconds`. */
function autocannon(url: string, seconds: number): AutocannonResult {
  const run = spawnSync(
    process.execPath,
    [AUTOCANNON, '--json', '--no-progress', '-c', String(CONNECTIONS), '-d', String(seconds), url],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`autocannon failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as AutocannonResult;
}

/** CPU time the process has used so far (user + system), in ms (Linux /proc; 10 ms ticks). */
function cpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** The highest peak RSS each server process reached through the whole bench (warm-ups included), in MiB. */
const overallPeak = new Map<number, number>();
function notePeak(pid: number): void {
  const peak = peakMiB(pid);
  if (peak !== undefined) overallPeak.set(pid, Math.max(overallPeak.get(pid) ?? 0, peak));
}

/** Checks the path answers 200, warms it up for a second, then measures it for DURATION seconds. */
async function measure(server: Running, path: string): Promise<Figures> {
  const response = await fetch(`${server.url}${path}`);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  await response.arrayBuffer();
  autocannon(`${server.url}${path}`, 1);
  notePeak(server.child.pid!);
  resetPeak(server.child.pid!);
  const cpuBefore = cpuMs(server.child.pid!);
  const result = autocannon(`${server.url}${path}`, DURATION);
  const cpuAfter = cpuMs(server.child.pid!);
  notePeak(server.child.pid!);
  return {
    cpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || result['2xx'] === 0
        ? undefined
        : (cpuAfter - cpuBefore) / result['2xx'],
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    peakRssMiB: peakMiB(server.child.pid!),
    answered: result['2xx'],
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

// ---------------------------------------------------------------------------------------------
// Databases
// ---------------------------------------------------------------------------------------------

interface BenchDatabase {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

function sh(args: string[]): { ok: boolean; out: string } {
  const run = spawnSync('bash', [TEST_POSTGRES, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return { ok: run.status === 0, out: run.stdout.trim() };
}

async function openBenchDatabase(kind: Kind): Promise<BenchDatabase> {
  if (kind === 'sqlite') {
    const folder = mkdtempSync(join(tmpdir(), 'shop-bench-'));
    return {
      env: { DATABASE_PATH: join(folder, 'shop.db') },
      dispose: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  let serverUrl = process.env.BENCH_DATABASE_URL?.trim();
  let stopServer = false;
  if (!serverUrl) {
    const running = spawnSync('bash', [TEST_POSTGRES, 'url', String(POSTGRES_PORT)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    if (running.status === 0) {
      serverUrl = running.stdout.trim();
    } else {
      const started = sh(['start', String(POSTGRES_PORT)]);
      if (!started.ok) throw new Error('could not start a throwaway PostgreSQL (scripts/test-postgres.sh)');
      serverUrl = started.out;
      stopServer = true;
    }
  }
  let database: FreshDatabase;
  try {
    database = await createPostgresDatabase(serverUrl);
  } catch (error) {
    if (stopServer) sh(['stop', String(POSTGRES_PORT)]);
    throw error;
  }
  return {
    env: { DATABASE_URL: database.url },
    async dispose() {
      await database.drop();
      if (stopServer) sh(['stop', String(POSTGRES_PORT)]);
    },
  };
}

async function seed(env: Record<string, string>, rows: CatalogueRows): Promise<number> {
  const shop = await openShop(loadConfig({ ...env, SEED_ON_START: 'false' }));
  const started = performance.now();
  try {
    await replaceCatalogue(shop.database.db, rows);
  } finally {
    await shop.close();
  }
  return performance.now() - started;
}

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
  const database = await openBenchDatabase(kind);
  try {
    log(`${kind}: seeding ${rows.animals.length.toLocaleString('en')} animals…`);
    const seconds = (await seed(database.env, rows)) / 1000;
    log(`${kind}: seeded in ${seconds.toFixed(1)} s; starting the production server…`);
    const server = await startShop(database.env);
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
        const ceiling = await measure(bareServer, '/');
        measured.push({
          database: kind,
          endpoint: `page ${decodeURIComponent(path)}`,
          ceiling,
          ...(await measure(server, path)),
        });
      }
      for (const [endpoint, path] of endpoints) {
        log(`${kind}: ${endpoint}…`);
        const ceiling = await measure(bareServer, '/');
        measured.push({ database: kind, endpoint, ceiling, ...(await measure(server, path)) });
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
  const bareServer = await startBare();
  let bare: Row;
  const runs: DatabaseRun[] = [];
  try {
    bare = { database: 'bare', endpoint: 'fixed JSON body (node:http)', ...(await measure(bareServer, '/')) };
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
