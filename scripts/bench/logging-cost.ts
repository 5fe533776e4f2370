/**
 * What the request log (src/server/operations/request-log.ts) costs, on the bench's first database: a
 * cached page and a cached API answer under load with the server at LOG_LEVEL=info (one JSON line per
 * request, standard output a file as a deployment's log) and at LOG_LEVEL=silent, alternating round by
 * round in the same run, each beside the bare server measured just before it. The level is read once
 * at start, so each measurement is a fresh server. Target: logging costs at most 10 % of the requests
 * per second (medians of --logging-rounds, 3 by default).
 */
import type { CatalogueRows } from '../../src/server/db/seed/seed.ts';
import type { DialectName } from '../../src/server/db/database.ts';
import { openBenchDatabase, seed } from './databases.ts';
import { measure, type Figures } from './measure.ts';
import { LOAD, LOGGING_ROUNDS as ROUNDS, PORT, POSTGRES_PORT } from './options.ts';
import { sameBytes, startShop, type Running } from './servers.ts';
import { markdown, quantile } from './tables.ts';

const log = (message: string) => console.error(`bench: ${message}`);

/** A cached page and a cached API answer: the first rows of "Pages, warm" and "API". */
const LOGGING_PATHS: [label: string, path: string][] = [
  ['page /products', '/products'],
  ['categories list', '/api/categories'],
];
/** The most the request log may cost, as a share of the requests per second without it. */
export const LOGGING_TARGET = 0.1;

export interface LoggingRow {
  database: string;
  endpoint: string;
  path: string;
  withLogging: Figures[];
  withoutLogging: Figures[];
  /** The bare server measured just before each of the measurements above. */
  ceiling: Figures[];
}

const median = (values: number[]) => quantile(values, 0.5);
const rate = (figures: Figures[]) => median(figures.map((row) => row.requestsPerSecond));
const cpu = (figures: Figures[]) => median(figures.map((row) => (row.cpuMsPerRequest ?? Number.NaN) * 1000));

/** (without − with) / without, on the medians' requests per second. */
function loggingCost(row: LoggingRow): number {
  const without = rate(row.withoutLogging);
  return without === 0 ? Number.NaN : (without - rate(row.withLogging)) / without;
}

/** Every measurement of the rows, for the bench's check that nothing failed. */
export function loggingFigures(rows: LoggingRow[]): Figures[] {
  return rows.flatMap((row) => [...row.withLogging, ...row.withoutLogging, ...row.ceiling]);
}

/** The alternating runs on a seeded database (its `env` as the server reads it). */
export async function measureLoggingCost(kind: DialectName, env: Record<string, string>, bare: Running) {
  const rows: LoggingRow[] = LOGGING_PATHS.map(([endpoint, path]) => ({
    database: kind,
    endpoint,
    path,
    withLogging: [],
    withoutLogging: [],
    ceiling: [],
  }));
  for (let round = 1; round <= ROUNDS; round += 1)
    for (const level of ['info', 'silent'] as const) {
      log(`${kind}: request logging at ${level}, round ${round} of ${ROUNDS}…`);
      const server = await startShop(PORT, { ...env, LOG_LEVEL: level, LOG_FORMAT: 'json' });
      try {
        for (const row of rows) {
          await sameBytes(bare, server, row.path);
          row.ceiling.push(await measure(bare, '/', LOAD));
          row[level === 'info' ? 'withLogging' : 'withoutLogging'].push(await measure(server, row.path, LOAD));
        }
      } finally {
        await server.stop();
      }
    }
  return rows;
}

/** --logging-cost-only: a database seeded for these rows alone. */
export async function loggingCostAlone(kind: DialectName, catalogue: CatalogueRows, bare: Running) {
  const database = await openBenchDatabase(kind, POSTGRES_PORT);
  try {
    log(`${kind}: seeding ${catalogue.animals.length.toLocaleString('en')} animals…`);
    const seconds = (await seed(database.env, catalogue)) / 1000;
    return { seedSeconds: seconds, rows: await measureLoggingCost(kind, database.env, bare) };
  } finally {
    await database.dispose();
  }
}

const lines = (figures: Figures[]) => {
  const answered = figures.reduce((sum, row) => sum + row.answered, 0);
  return answered === 0 ? '—' : (figures.reduce((sum, row) => sum + row.stdoutLines, 0) / answered).toFixed(2);
};

/** One line per URL: the medians with and without the request log, its cost against the target. */
export function loggingTable(rows: LoggingRow[]): string {
  return markdown(
    [
      'database',
      'endpoint',
      `req/s logging (median of ${ROUNDS})`,
      'req/s silent',
      'cost',
      `≤ ${LOGGING_TARGET * 100} %?`,
      'server CPU µs/answer, logging / silent',
      'bare req/s',
      'log lines per answer, logging / silent',
      'failed',
    ],
    rows.map((row) => {
      const cost = loggingCost(row);
      return [
        row.database,
        `${row.endpoint} \`${row.path}\``,
        Math.round(rate(row.withLogging)).toLocaleString('en'),
        Math.round(rate(row.withoutLogging)).toLocaleString('en'),
        Number.isNaN(cost) ? '—' : `${(cost * 100).toFixed(1)} %`,
        cost <= LOGGING_TARGET ? 'yes' : '**no**',
        `${cpu(row.withLogging).toFixed(1)} / ${cpu(row.withoutLogging).toFixed(1)}`,
        Math.round(rate(row.ceiling)).toLocaleString('en'),
        `${lines(row.withLogging)} / ${lines(row.withoutLogging)}`,
        String(loggingFigures([row]).reduce((sum, figures) => sum + figures.failures, 0)),
      ];
    }),
  );
}
