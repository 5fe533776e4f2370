/**
 * From `npm start` to serving searches (`npm run bench -- --start-only`): per database, the catalogue
 * seeded, the build brought up to date once (a start that builds is not what is timed), then ROUNDS
 * starts of the production server as `npm start` runs it, each timed from the process's spawn to its
 * first search answered. The server reads its catalogue index before it listens, so the first answer
 * comes from the whole index. Printed with the catalogue's size and the machine's load.
 */
import type { DialectName } from '../../src/server/db/database.ts';
import type { CatalogueRows } from '../../src/server/db/seed/seed.ts';
import { openBenchDatabase, seed } from './databases.ts';
import { httpGet } from './http-get.ts';
import { cpuMs } from './measure.ts';
import { PORT, POSTGRES_PORT } from './options.ts';
import { startShop } from './servers.ts';

const ROUNDS = 3;
const SEARCH = `/api/animals/search?search=${encodeURIComponent('קטן')}&limit=24`;

export interface StartFigures {
  database: DialectName;
  animals: number;
  /** Each start, spawn to the first search answered (ms). */
  starts: number[];
  /** The server's CPU (user and system) by then, per start (ms): steadier than the time on a busy machine. */
  cpu: number[];
}

/** Starts the server, asks one search as soon as it listens; the ms from spawn to that answer. */
async function timedStart(env: Record<string, string>): Promise<[ms: number, cpu: number]> {
  const started = performance.now();
  const server = await startShop(PORT, env);
  try {
    const answer = await httpGet(`${server.url}${SEARCH}`);
    if (answer.status !== 200) throw new Error(`the first search answered ${answer.status}`);
    return [performance.now() - started, cpuMs(server.child.pid!) ?? Number.NaN];
  } finally {
    await server.stop();
  }
}

export async function startTimes(kind: DialectName, rows: CatalogueRows): Promise<StartFigures> {
  const database = await openBenchDatabase(kind, POSTGRES_PORT);
  try {
    console.error(`bench: ${kind}: seeding ${rows.animals.length.toLocaleString('en')} animals…`);
    await seed(database.env, rows);
    // The first start builds when the build is stale: not timed.
    await (await startShop(PORT, database.env)).stop();
    const starts: number[] = [];
    const cpu: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      console.error(`bench: ${kind}: start ${round + 1} of ${ROUNDS}…`);
      const [ms, cpuUsed] = await timedStart(database.env);
      starts.push(ms);
      cpu.push(cpuUsed);
    }
    return { database: kind, animals: rows.animals.length, starts, cpu };
  } finally {
    await database.dispose();
  }
}

/** The rows as a Markdown table. */
export function startTable(rows: readonly StartFigures[], load: number): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  return [
    `From spawn to the first search answered (load average ${load.toFixed(1)} before the run):`,
    '',
    '| database | animals | starts (s) | best (s) | server CPU by then (s) |',
    '|---|---:|---|---:|---|',
    ...rows.map(
      (row) =>
        `| ${row.database} | ${row.animals.toLocaleString('en')} | ${row.starts.map(seconds).join(', ')} | ${seconds(Math.min(...row.starts))} | ${row.cpu.map(seconds).join(', ')} |`,
    ),
  ].join('\n');
}
