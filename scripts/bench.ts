/**
 * `npm run bench`: the production server on a 100,000-animal catalogue, on SQLite and on PostgreSQL,
 * each row beside a bare Node `http` server sending the same bytes (the ceiling), measured just
 * before it. Per database (./bench/database-run.ts): pages warm and cold, static files, the API,
 * distinct searches and suggestions, one change behind the server's back, the crawler, memory; on the
 * first database, the request log's cost (./bench/logging-cost.ts); searches and pages during a scheduled
 * backup, p99 during ÷ p99 before (./bench/during-backup.ts; --backup-only alone, --no-backup without); first, before
 * any server runs, an animal's similar animals in process (./bench/similar.ts; --similar-only alone, --no-similar
 * without). Prints Markdown tables with each
 * target beside its figure, and writes them to bench-results/.
 *
 *   npm run bench [-- --animals 100000 --seconds 5 --connections 10 --only sqlite|postgres
 *                     --crawl 3000 --cold-rounds 20 --settle 30 --no-logging-cost --logging-rounds 3
 *                     --no-backup | --backup-only --no-similar | --similar-only]
 *   Quick check: npm run bench -- --animals 2000 --seconds 2 --crawl 300 --cold-rounds 5 --settle 5
 *   Alone: --logging-cost-only, --change-behind-only, --start-only (`npm start` to its first search).
 *   env: BENCH_PORT (4445), BENCH_POSTGRES_PORT (5445), BENCH_DATABASE_URL (a server where a database may
 *   be created, instead of a throwaway one from scripts/test-postgres.sh)
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
  BACKUP_ONLY,
  DURING_BACKUP,
  SIMILAR,
  SIMILAR_ONLY,
} from './bench/options.ts';
import { measureSimilar, type SimilarFigures } from './bench/similar.ts';
import { measureDuringBackup, type DuringBackupFigures } from './bench/during-backup.ts';
import { openBenchDatabase, seed } from './bench/databases.ts';
import { startTable, startTimes, type StartFigures } from './bench/start-time.ts';
import { similarSection, writeReport, type DatabaseRun } from './bench/report.ts';
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

/** Similar animals in process, on the synthetic catalogue's rows (no server, no database). */
function similarInProcess(rows: ReturnType<typeof syntheticCatalogue>): SimilarFigures {
  log(`similar animals in process, ${rows.animals.length.toLocaleString('en')} animals…`);
  return measureSimilar(rows);
}

async function main(): Promise<void> {
  if (START_ONLY) return startOnly();
  if (SIMILAR_ONLY) {
    const loadBefore = loadavg()[0]!;
    const similar = similarInProcess(syntheticCatalogue(ANIMALS));
    console.log(similarSection(similar, loadBefore));
    return;
  }
  if (!existsSync(AUTOCANNON)) throw new Error('autocannon is not installed (npm install)');
  const loadBefore = loadavg()[0]!;
  log(
    `${ANIMALS.toLocaleString('en')} animals, ${CONNECTIONS} connections, ${DURATION} s per endpoint, ports ${PORT}/${POSTGRES_PORT}`,
  );
  const rows = syntheticCatalogue(ANIMALS);
  const similar = SIMILAR ? similarInProcess(rows) : undefined;

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
    similar,
  });
  console.log(summary);
  const measured = runs.flatMap((run) => [
    ...run.pageRows,
    ...run.staticRows,
    ...run.apiRows,
    ...run.hotRows,
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
