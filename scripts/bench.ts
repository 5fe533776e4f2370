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
 * - the API's rows: categories, a category's pages, each shape of search (options.ts), one animal;
 * - distinct searches of each kind (word forms, layout, spelling, filters) and suggestions,
 *   each asked once cold and once warm (./bench/distinct-searches.ts);
 * - one change behind the back: searches 5 s before and after a direct SQL update, and the server's CPU
 *   per change (./bench/change-behind.ts);
 * - the crawler: distinct animal pages, 8 at a time, then the warm pages again;
 * - memory: the server's RSS idle, after one request per page, its peak through the whole bench, and
 *   after the load has stopped (a real wait: it is a benchmark, not a test);
 * - on the first database, the request log's cost: a kept page and a kept API answer with the server at
 *   LOG_LEVEL=info and at silent, alternating, three of each or --logging-rounds N (./bench/logging-cost.ts);
 * - shoppers during a backup: distinct searches and animal pages while the server's scheduled backup runs,
 *   p99 during ÷ p99 in the seconds before (./bench/during-backup.ts; --backup-only alone, --no-backup without).
 * Prints requests per second, p50/p99 latency, the server's CPU time per answer (PostgreSQL's own work
 * is in its processes, not counted), and for each page its HTML size and time to first byte one request
 * at a time; writes them to bench-results/ too. The pieces: scripts/bench/ (options.ts reads the command line,
 * database-run.ts runs one database's steps, report.ts writes the tables).
 *
 *   npm run bench [-- --animals 100000 --seconds 5 --connections 10 --only sqlite|postgres
 *                     --crawl 3000 --cold-rounds 20 --settle 30 --compare-settings
 *                     --no-logging-cost | --logging-cost-only, --logging-rounds 3, --no-backup | --backup-only]
 *   Quick check: npm run bench -- --animals 2000 --seconds 2 --crawl 300 --cold-rounds 5 --settle 5
 *   --compare-settings: on the first database, the warm pages and memory again with the server started
 *   without npm start's settings (Node's and glibc's defaults), in the same run.
 *   --no-logging-cost: leaves the request log's rows out; --logging-cost-only: measures them alone
 *   (beside the bare server), on the first database. --change-behind-only: seeds each database and
 *   measures one change behind the server's back alone (./bench/change-behind.ts). --start-only: seeds
 *   each database and times `npm start` to its first search answered (./bench/start-time.ts).
 *   --memory-only [--memory-settings 'NAME=value --flag' …] [--memory-rounds N]: the crawler's memory alone
 *   on the first database (./bench/memory.ts): idle, peak and after, and pages per second, with npm start's
 *   settings and each one given (`!NAME` or `!--flag` leaves one of npm start's out), in turns, in the same run.
 *   env: BENCH_PORT (default 4445), BENCH_POSTGRES_PORT (5445), BENCH_DATABASE_URL (a server where
 *   a database may be created, instead of a throwaway one), BENCH_SERVER_NODE_OPTIONS (NODE_OPTIONS
 *   for the shop's server only, e.g. "--max-old-space-size=96" to see its memory with a smaller heap)
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { syntheticCatalogue } from '../src/server/db/seed/synthetic.ts';
import { changeBehindAlone, type ChangeBehindFigures } from './bench/change-behind.ts';
import { benchDatabase, log } from './bench/database-run.ts';
import { loggingCostAlone, loggingFigures, type LoggingRow } from './bench/logging-cost.ts';
import { AUTOCANNON, measure } from './bench/measure.ts';
import {
  options,
  ANIMALS,
  DURATION,
  CONNECTIONS,
  PORT,
  BARE_PORT,
  POSTGRES_PORT,
  LOAD,
  FRESHNESS_MS,
  KINDS,
  LOGGING_COST,
  LOGGING_COST_ONLY,
  CHANGE_BEHIND_ONLY,
  START_ONLY,
  MEMORY_ONLY,
  MEMORY_ROUNDS,
  MEMORY_SETTINGS,
  BACKUP_ONLY,
  DURING_BACKUP,
} from './bench/options.ts';
import { measureDuringBackup, type DuringBackupFigures } from './bench/during-backup.ts';
import { openBenchDatabase, seed } from './bench/databases.ts';
import { memoryAlone } from './bench/memory.ts';
import { startTable, startTimes, type StartFigures } from './bench/start-time.ts';
import { writeReport, type DatabaseRun } from './bench/report.ts';
import { startBare } from './bench/servers.ts';
import type { Row } from './bench/tables.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** --start-only: the time from `npm start` to serving searches, per database. */
async function startOnly(): Promise<void> {
  const loadBefore = loadavg()[0]!;
  const rows = syntheticCatalogue(ANIMALS);
  const figures: StartFigures[] = [];
  for (const kind of KINDS) figures.push(await startTimes(kind, rows));
  console.log(startTable(figures, loadBefore));
}

/** --backup-only: a database seeded for it alone, searches and pages during its scheduled backup. */
async function duringBackupAlone(kind: (typeof KINDS)[number], rows: ReturnType<typeof syntheticCatalogue>) {
  const database = await openBenchDatabase(kind, POSTGRES_PORT);
  try {
    log(`${kind}: seeding ${rows.animals.length.toLocaleString('en')} animals…`);
    await seed(database.env, rows);
    return await measureDuringBackup(kind, database.env, rows, CONNECTIONS, log);
  } finally {
    await database.dispose();
  }
}

async function main(): Promise<void> {
  if (START_ONLY) return startOnly();
  if (!existsSync(AUTOCANNON)) throw new Error('autocannon is not installed (npm install)');
  const loadBefore = loadavg()[0]!;
  log(
    `${ANIMALS.toLocaleString('en')} animals, ${CONNECTIONS} connections, ${DURATION} s per endpoint, ports ${PORT}/${POSTGRES_PORT}`,
  );
  const rows = syntheticCatalogue(ANIMALS);
  if (MEMORY_ONLY) {
    const table = await memoryAlone(KINDS[0]!, rows, MEMORY_SETTINGS, MEMORY_ROUNDS);
    console.log(
      `## Memory of pages (${ANIMALS.toLocaleString('en')} animals, load ${loadBefore.toFixed(1)} before)\n\n${table}`,
    );
    console.log(`load average after: ${loadavg()[0]!.toFixed(1)}`);
    return;
  }

  log('bare Node http server (the ceiling)…');
  const bareServer = await startBare(BARE_PORT);
  let bare: Row;
  const runs: DatabaseRun[] = [];
  let alone: { kind: (typeof KINDS)[number]; seedSeconds: number; rows: LoggingRow[] } | undefined;
  let changeBehind: ChangeBehindFigures[] | undefined;
  let duringBackup: DuringBackupFigures[] | undefined;
  try {
    bare = { database: 'bare', endpoint: 'fixed JSON body (node:http)', ...(await measure(bareServer, '/', LOAD)) };
    if (LOGGING_COST_ONLY) alone = { kind: KINDS[0]!, ...(await loggingCostAlone(KINDS[0]!, rows, bareServer)) };
    else if (CHANGE_BEHIND_ONLY) {
      changeBehind = [];
      for (const kind of KINDS) changeBehind.push(await changeBehindAlone(kind, rows));
    } else if (BACKUP_ONLY) {
      duringBackup = [];
      for (const kind of KINDS) duringBackup.push(await duringBackupAlone(kind, rows));
    } else
      for (const [index, kind] of KINDS.entries())
        runs.push(
          await benchDatabase(kind, rows, bareServer, {
            compare: options['compare-settings'] && index === 0,
            loggingCost: LOGGING_COST && index === 0,
            duringBackup: DURING_BACKUP,
          }),
        );
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
    alone,
    changeBehindAlone: changeBehind,
    duringBackupAlone: duringBackup,
  });
  console.log(summary);
  const measured = runs.flatMap((run) => [
    ...run.pageRows,
    ...run.staticRows,
    ...run.apiRows,
    ...run.hotRows,
    ...run.compareRows,
    ...loggingFigures(run.loggingRows),
  ]);
  if (
    [bare, ...measured, ...loggingFigures(alone?.rows ?? [])].some((row) => row.failures > 0 || row.answered === 0) ||
    runs.some((run) => run.crawl.failures > 0 || run.searches.some((row) => row.failures > 0)) ||
    [...(duringBackup ?? []), ...runs.flatMap((run) => (run.duringBackup ? [run.duringBackup] : []))].some((run) =>
      run.rows.some((row) => row.failed > 0),
    )
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
