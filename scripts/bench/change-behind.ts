/**
 * "One change behind the back" (`npm run bench`, and alone with --change-behind-only): distinct searches
 * one at a time for SECONDS, then a direct SQL update of one animal's price (as another server or a
 * hand-made change makes it), then searches for SECONDS more; the p50 and p99 of each span. The client is
 * a Node process of its own (this file, given BENCH_CHANGE_BEHIND), as in ./distinct-searches.ts. Then what a change
 * costs the server in CPU, read from /proc: ROUNDS of (a change, then one search once the server's
 * version reader has seen it) against ROUNDS of the search alone, the difference divided by ROUNDS — the
 * change's whole cost to the server: the feed applied, the version's totals and facets counted again.
 * docs/decisions/0016-catalogue-index-and-change-feed.md.
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DialectName } from '../../src/server/db/database.ts';
import type { CatalogueRows } from '../../src/server/db/seed/seed.ts';
import { SYNTHETIC_WORDS } from '../../src/server/db/seed/synthetic.ts';
import { catalogueChanger, openBenchDatabase, seed } from './databases.ts';
import { httpGet } from './http-get.ts';
import { cpuMs } from './measure.ts';
import { PORT, POSTGRES_PORT } from './options.ts';
import { startShop } from './servers.ts';
import { markdown, quantile } from './tables.ts';

const SECONDS = 5;
const ROUNDS = 50;
/** After a change, how long until the server's version reader has surely seen it (its interval is 250 ms). */
const SEEN_AFTER_MS = 400;

export interface ChangeBehindFigures {
  database: string;
  before: Span;
  after: Span;
  /** The server's CPU per change (ms), and over how many rounds. */
  cpuMs: number;
  rounds: number;
}

interface Span {
  count: number;
  p50: number;
  p99: number;
}

/** Distinct search paths (each URL once: no kept answer serves it), word forms by each sort and page. */
function* searchPaths(): Generator<string, never> {
  const prefixes = ['', 'ה', 'ו', 'ב', 'ל', 'וה', 'ש'];
  for (let page = 1; ; page++) {
    for (const sort of ['name', 'price']) {
      for (const prefix of prefixes) {
        for (const creature of SYNTHETIC_WORDS.creatures) {
          const text = encodeURIComponent(`${prefix}${creature}`);
          yield `/api/animals/search?search=${text}&sort=${sort}&limit=24&page=${page}`;
        }
      }
    }
  }
}

function span(latencies: number[]): Span {
  return { count: latencies.length, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
}

/** The client process: searches for SECONDS, the change, SECONDS more; prints both spans' latencies. */
async function client(): Promise<void> {
  const { url, env, id } = JSON.parse(process.env.BENCH_CHANGE_BEHIND!) as {
    url: string;
    env: Record<string, string>;
    id: string;
  };
  const changer = await catalogueChanger(env);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<void>((resolve, reject) => {
      const asked = request(`${url}${path}`, { agent }, (answer) => {
        answer.on('data', () => {});
        answer.on('end', () => (answer.statusCode === 200 ? resolve() : reject(new Error(`${answer.statusCode}`))));
      });
      asked.on('error', reject);
      asked.end();
    });
  const paths = searchPaths();
  const before: number[] = [];
  const after: number[] = [];
  const started = performance.now();
  let changed = false;
  for (;;) {
    const now = performance.now();
    if (now - started >= 2 * SECONDS * 1000) break;
    if (!changed && now - started >= SECONDS * 1000) {
      await changer.change(id);
      changed = true;
    }
    const asked = performance.now();
    await get(paths.next().value);
    (changed ? after : before).push(performance.now() - asked);
  }
  await changer.close();
  agent.destroy();
  process.stdout.write(JSON.stringify({ before, after }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The row for the server at `url` (process `pid`) on the database of `env`, changing animal `id`. */
export async function measureChangeBehind(
  database: string,
  server: { url: string; pid: number },
  env: Record<string, string>,
  id: string,
): Promise<ChangeBehindFigures> {
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_CHANGE_BEHIND: JSON.stringify({ url: server.url, env, id }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`change-behind client: ${code}`))));
  });
  const latencies = JSON.parse(output) as { before: number[]; after: number[] };

  // Searches the client has not asked (a later page), so each is answered anew.
  const paths = searchPaths();
  for (let skip = 0; skip < 20_000; skip++) paths.next();
  const changer = await catalogueChanger(env);
  try {
    const cost = async (change: boolean) => {
      const from = cpuMs(server.pid) ?? Number.NaN;
      for (let round = 0; round < ROUNDS; round++) {
        if (change) await changer.change(id);
        await sleep(SEEN_AFTER_MS);
        await httpGet(`${server.url}${paths.next().value}`);
      }
      return (cpuMs(server.pid) ?? Number.NaN) - from;
    };
    await cost(false);
    const alone = await cost(false);
    const withChange = await cost(true);
    return {
      database,
      before: span(latencies.before),
      after: span(latencies.after),
      cpuMs: (withChange - alone) / ROUNDS,
      rounds: ROUNDS,
    };
  } finally {
    await changer.close();
  }
}

/** --change-behind-only: a database seeded with `rows`, the server started as `npm start` runs it, this row alone. */
export async function changeBehindAlone(kind: DialectName, rows: CatalogueRows): Promise<ChangeBehindFigures> {
  const database = await openBenchDatabase(kind, POSTGRES_PORT);
  try {
    console.error(`bench: ${kind}: seeding ${rows.animals.length.toLocaleString('en')} animals…`);
    await seed(database.env, rows);
    const server = await startShop(PORT, database.env);
    try {
      console.error(`bench: ${kind}: one change behind the back…`);
      return await measureChangeBehind(
        kind,
        { url: server.url, pid: server.child.pid! },
        database.env,
        rows.animals[1]!.id,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await database.dispose();
  }
}

const ms = (value: number) => value.toFixed(1);

/** The rows as a Markdown table. */
export function changeBehindTable(rows: readonly ChangeBehindFigures[]): string {
  return markdown(
    [
      'database',
      `searches ${SECONDS} s before`,
      'p50 before',
      'p99 before',
      `searches ${SECONDS} s after`,
      'p50 after',
      'p99 after',
      'p99 after ÷ before',
      `server CPU per change (ms, ${ROUNDS} rounds)`,
    ],
    rows.map((row) => [
      row.database,
      String(row.before.count),
      ms(row.before.p50),
      ms(row.before.p99),
      String(row.after.count),
      ms(row.after.p50),
      ms(row.after.p99),
      (row.after.p99 / row.before.p99).toFixed(2),
      ms(row.cpuMs),
    ]),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.env.BENCH_CHANGE_BEHIND) {
  client().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
