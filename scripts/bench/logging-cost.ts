/**
 * What the request log (src/server/operations/request-log.ts) costs, for `npm run bench` on its first
 * database: a kept page and a kept API answer, the same URLs as the warm pages' and the API's first
 * rows, each under load with the server started at LOG_LEVEL=info (as shipped: one JSON line per
 * request) and at LOG_LEVEL=silent (no request lines), alternating in the same run, so a change in the
 * machine's load falls on every side. The level is read once at start, so each run is a fresh server,
 * and each URL is warmed before it is measured (./measure.ts). At info the server's standard output is
 * once a file the bench does not read while measuring (as a deployment's log file, or a collector
 * that reads it off the machine's own cores) and once a pipe the bench reads and counts as it goes, on
 * the same cores as the server and the client (./servers.ts): the figure is the first, the second
 * shows what a reader beside the server takes. Each measurement has the bare server's beside it,
 * measured just before, as every other row does. The figures are medians of three rounds (more with
 * --logging-rounds, when the rounds of one setting spread wider than the target); the target: logging
 * costs at most 10 % of the requests per second. Beside it, the server's own CPU time per answer with and
 * without, which the machine's other work moves less than the requests per second.
 */
import type { CatalogueRows } from '../../src/server/db/seed/seed.ts';
import type { DialectName } from '../../src/server/db/database.ts';
import { openBenchDatabase, seed } from './databases.ts';
import { measure, type Figures } from './measure.ts';
import { LOAD, LOGGING_ROUNDS as ROUNDS, PORT, POSTGRES_PORT } from './options.ts';
import { startShop, type Running, type StdoutTo } from './servers.ts';
import { markdown } from './tables.ts';

const log = (message: string) => console.error(`bench: ${message}`);

/** A kept page and a kept API answer: the first rows of "Pages, warm" and "API". */
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
  /** In the order measured: round 1, 2, 3. Standard output a file the bench does not read meanwhile. */
  withLogging: Figures[];
  /** The same with standard output a pipe the bench reads as it goes. */
  withLoggingPiped: Figures[];
  withoutLogging: Figures[];
  /** The bare server measured just before each of the measurements above, with and without in turn. */
  ceiling: Figures[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const rate = (figures: Figures[]) => median(figures.map((row) => row.requestsPerSecond));

/** (without − with) / without, on the medians' requests per second. */
function loggingCost(row: LoggingRow, withLogging = row.withLogging): number {
  const without = rate(row.withoutLogging);
  return without === 0 ? Number.NaN : (without - rate(withLogging)) / without;
}
const percent = (cost: number) => (Number.isNaN(cost) ? '—' : `${(cost * 100).toFixed(1)} %`);

function overTarget(row: LoggingRow): boolean {
  return !(loggingCost(row) <= LOGGING_TARGET);
}

/** Every measurement of the rows, for the bench's check that nothing failed. */
export function loggingFigures(rows: LoggingRow[]): Figures[] {
  return rows.flatMap((row) => [...row.withLogging, ...row.withLoggingPiped, ...row.withoutLogging, ...row.ceiling]);
}

/** Each round's servers, in turn: logging to a file, no logging, logging to the bench's pipe. */
const SETUPS: {
  level: 'info' | 'silent';
  stdoutTo: StdoutTo;
  rows: 'withLogging' | 'withoutLogging' | 'withLoggingPiped';
}[] = [
  { level: 'info', stdoutTo: 'file', rows: 'withLogging' },
  { level: 'silent', stdoutTo: 'file', rows: 'withoutLogging' },
  { level: 'info', stdoutTo: 'pipe', rows: 'withLoggingPiped' },
];

/** The nine alternating runs on a seeded database (its `env` as the server reads it). */
export async function measureLoggingCost(
  kind: DialectName,
  env: Record<string, string>,
  bare: Running,
): Promise<LoggingRow[]> {
  const rows: LoggingRow[] = LOGGING_PATHS.map(([endpoint, path]) => ({
    database: kind,
    endpoint,
    path,
    withLogging: [],
    withLoggingPiped: [],
    withoutLogging: [],
    ceiling: [],
  }));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const setup of SETUPS) {
      const { level, stdoutTo } = setup;
      log(
        `${kind}: request logging ${level === 'info' ? 'on' : 'off'} (LOG_LEVEL=${level}, standard output a ${stdoutTo}), round ${round} of ${ROUNDS}…`,
      );
      // JSON lines whatever the bench's own terminal, as a server writes them to a collector.
      const server = await startShop(PORT, { ...env, LOG_LEVEL: level, LOG_FORMAT: 'json' }, stdoutTo);
      try {
        for (const row of rows) {
          row.ceiling.push(await measure(bare, '/', LOAD));
          row[setup.rows].push(await measure(server, row.path, LOAD));
        }
      } finally {
        await server.stop();
      }
    }
  }
  for (const row of rows)
    if (overTarget(row))
      log(
        `${kind}: ${row.endpoint}: request logging costs ${(loggingCost(row) * 100).toFixed(1)} % of req/s, over target (${LOGGING_TARGET * 100} %)`,
      );
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

const perAnswer = (figures: Figures[]) => {
  const answered = figures.reduce((sum, row) => sum + row.answered, 0);
  return answered === 0 ? '—' : (figures.reduce((sum, row) => sum + row.stdoutLines, 0) / answered).toFixed(2);
};
const cpuValues = (figures: Figures[]) =>
  figures.flatMap((row) => (row.cpuMsPerRequest === undefined ? [] : [row.cpuMsPerRequest * 1000]));
/** The server's CPU per answer, µs: the median of the rounds. */
const cpu = (figures: Figures[]) => {
  const values = cpuValues(figures);
  return values.length === 0 ? Number.NaN : median(values);
};
const micros = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(1));
/** How far apart one setting's rounds fell: (highest − lowest) ÷ median of the requests per second. */
const spread = (figures: Figures[]) => {
  const rates = figures.map((row) => row.requestsPerSecond);
  return rates.length < 2 ? Number.NaN : (Math.max(...rates) - Math.min(...rates)) / median(rates);
};

/** One line per URL: the medians with and without the request log, its cost, and the bare server. */
export function loggingTable(rows: LoggingRow[]): string {
  return markdown(
    [
      'database',
      'endpoint',
      `req/s, logging to a file (median of ${ROUNDS})`,
      `req/s, no logging (median of ${ROUNDS})`,
      'logging cost',
      `≤ ${LOGGING_TARGET * 100} %?`,
      `req/s, logging to a pipe the bench reads (median of ${ROUNDS})`,
      'its cost',
      'no logging, rounds’ spread (req/s)',
      'server CPU µs/answer, logging to a file',
      'to a pipe',
      'no logging',
      'logging’s share of the CPU per answer (file)',
      `bare req/s (median of ${ROUNDS * SETUPS.length})`,
      'stdout lines per answer, logging (file / pipe) / no logging',
      'answered',
      'failed',
    ],
    rows.map((row) => {
      const every = [...row.withLogging, ...row.withLoggingPiped, ...row.withoutLogging];
      return [
        row.database,
        `${row.endpoint} \`${row.path}\``,
        Math.round(rate(row.withLogging)).toLocaleString('en'),
        Math.round(rate(row.withoutLogging)).toLocaleString('en'),
        percent(loggingCost(row)),
        overTarget(row) ? '**over target**' : 'yes',
        Math.round(rate(row.withLoggingPiped)).toLocaleString('en'),
        percent(loggingCost(row, row.withLoggingPiped)),
        percent(spread(row.withoutLogging)),
        micros(cpu(row.withLogging)),
        micros(cpu(row.withLoggingPiped)),
        micros(cpu(row.withoutLogging)),
        percent((cpu(row.withLogging) - cpu(row.withoutLogging)) / cpu(row.withoutLogging)),
        Math.round(rate(row.ceiling)).toLocaleString('en'),
        `${perAnswer(row.withLogging)} / ${perAnswer(row.withLoggingPiped)} / ${perAnswer(row.withoutLogging)}`,
        every.reduce((sum, figures) => sum + figures.answered, 0).toLocaleString('en'),
        String(every.reduce((sum, figures) => sum + figures.failures, 0)),
      ];
    }),
  );
}
