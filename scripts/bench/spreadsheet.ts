/**
 * `npm run bench:spreadsheet`: how long the catalogue spreadsheet takes with many animals, on SQLite
 * and on PostgreSQL (throwaway databases, as `npm run bench` makes them). For each database: the
 * catalogue loaded by the seed's bulk write (the same run's reference: the same rows written without
 * any check or audit), then the export, an import that changes nothing, and an import that changes
 * every animal, or the first `--changes` of them (checked, written, audited, committed). Prints each figure and the change's ratio to
 * the reference; exits 1 when the changing import takes longer than the target.
 *
 *   npm run bench:spreadsheet [-- --animals 10000 --changes N --only sqlite|postgres --target-seconds 5 --servers 2]
 *   --changes N: the changing import changes N animals of the spreadsheet's rows (default: every one), as
 *   an owner exports a large catalogue and edits part of it.
 *   --servers N: on PostgreSQL, N servers run as `npm start` runs them during the import, and the time
 *   from its commit to each showing it in search is printed (./servers-see.ts); 0 for none.
 *   env: BENCH_PORT (default 4445: the servers' first port), BENCH_POSTGRES_PORT (default 5445),
 *   BENCH_DATABASE_URL (as for npm run bench)
 */
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { loadConfig } from '../../src/server/config.ts';
import { DIALECTS, type DialectName } from '../../src/server/db/database.ts';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';
import { openShop } from '../../src/server/shop.ts';
import { COLUMNS } from '../../src/server/spreadsheet/csv-file.ts';
import { exportCatalogueCsv } from '../../src/server/spreadsheet/export.ts';
import { importCatalogueCsv, type ImportPhase } from '../../src/server/spreadsheet/import.ts';
import { openBenchDatabase, seed } from './databases.ts';
import { watchServers } from './servers-see.ts';

const { values } = parseArgs({
  options: {
    animals: { type: 'string', default: '10000' },
    changes: { type: 'string' },
    only: { type: 'string' },
    'target-seconds': { type: 'string', default: '5' },
    servers: { type: 'string', default: '2' },
  },
});
const ANIMALS = Number(values.animals);
const TARGET_MS = Number(values['target-seconds']) * 1000;
const KINDS: readonly DialectName[] = values.only ? [values.only as DialectName] : DIALECTS;
if (!Number.isInteger(ANIMALS) || ANIMALS < 1) throw new Error('--animals: a whole number of at least 1');
const CHANGES = Number(values.changes ?? ANIMALS);
if (!Number.isInteger(CHANGES) || CHANGES < 1 || CHANGES > ANIMALS)
  throw new Error('--changes: a whole number from 1 to --animals');
if (!(TARGET_MS > 0)) throw new Error('--target-seconds: a number above 0');
if (!KINDS.every((kind) => DIALECTS.includes(kind))) throw new Error(`--only: one of ${DIALECTS.join(', ')}`);

const SERVERS = Number(values.servers);
if (!Number.isInteger(SERVERS) || SERVERS < 0) throw new Error('--servers: a whole number, 0 or more');

const owner = { id: 'cli:bench' };
const POSTGRES_PORT = Number(process.env.BENCH_POSTGRES_PORT ?? 5445);
const PORT = Number(process.env.BENCH_PORT ?? 4445);
/** The import raises every price by this much: above every synthetic price, so a search by price tells it. */
const RAISE = 1_000_000;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

interface Figures {
  database: DialectName;
  seedMs: number;
  exportMs: number;
  unchangedMs: number;
  changedMs: number;
  phases: Record<ImportPhase, number>;
  /** PostgreSQL: each running server's ms from the commit to showing the import in search. */
  shownMs: number[];
}

async function benchOne(kind: DialectName): Promise<Figures> {
  const database = await openBenchDatabase(kind, POSTGRES_PORT);
  try {
    const seedMs = await seed(database.env, syntheticCatalogue(ANIMALS));
    const shop = await openShop(loadConfig({ ...database.env, SEED_ON_START: 'false' }));
    try {
      const [{ bytes, count }, exportMs] = await timed(() => exportCatalogueCsv(shop.database.db));
      if (count !== ANIMALS) throw new Error(`exported ${count} animals, not ${ANIMALS}`);
      const [unchanged, unchangedMs] = await timed(() => importCatalogueCsv(shop.writeDatabase, owner, bytes));
      if (unchanged.leave.length !== ANIMALS || unchanged.problems.length > 0)
        throw new Error('the unchanged import did not leave every animal as it was');

      const rows: string[][] = parse(bytes.toString('utf8'), { bom: true });
      const [stock, price] = [COLUMNS.indexOf('countInStock'), COLUMNS.indexOf('price')];
      for (const row of rows.slice(1, 1 + CHANGES)) {
        row[stock] = String(Number(row[stock]) + 1);
        row[price] = String(Number(row[price]) + RAISE);
      }
      const changedFile = Buffer.from(stringify(rows));
      const phases: Record<ImportPhase, number> = { parse: 0, validate: 0, write: 0, audit: 0, commit: 0 };
      let committedAt = NaN;
      const onPhase = (phase: ImportPhase, phaseMs: number) => {
        phases[phase] += phaseMs;
        if (phase === 'commit') committedAt = performance.now();
      };
      const watch =
        kind === 'postgres' && SERVERS > 0
          ? await watchServers(SERVERS, PORT, database.env, RAISE, CHANGES)
          : undefined;
      let changed, changedMs, shownMs: number[];
      try {
        [changed, changedMs] = await timed(() =>
          importCatalogueCsv(shop.writeDatabase, owner, changedFile, { onPhase }),
        );
        shownMs = watch ? await watch.shown(() => committedAt) : [];
      } finally {
        await watch?.stop();
      }
      if (!changed.applied || changed.change.length !== CHANGES)
        throw new Error(`the changing import applied ${changed.change.length} of ${CHANGES} changes`);
      return { database: kind, seedMs, exportMs, unchangedMs, changedMs, phases, shownMs };
    } finally {
      await shop.close();
    }
  } finally {
    await database.dispose();
  }
}

const figures: Figures[] = [];
for (const kind of KINDS) {
  console.log(
    `[bench:spreadsheet] ${kind}: ${ANIMALS.toLocaleString('en')} animals, ${CHANGES.toLocaleString('en')} changed…`,
  );
  figures.push(await benchOne(kind));
}
const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;
console.log(
  `\n| database | bulk write (reference) | export | import, nothing changed | import, ${CHANGES.toLocaleString('en')} animals changed | changed ÷ reference |`,
);
console.log('|---|---|---|---|---|---|');
for (const row of figures)
  console.log(
    `| ${row.database} | ${ms(row.seedMs)} | ${ms(row.exportMs)} | ${ms(row.unchangedMs)} | ${ms(row.changedMs)} | ${(row.changedMs / row.seedMs).toFixed(1)}× |`,
  );
console.log('\n| database | parse | validate | write | audit | commit |');
console.log('|---|---|---|---|---|---|');
for (const { database, phases } of figures)
  console.log(
    `| ${database} | ${ms(phases.parse)} | ${ms(phases.validate)} | ${ms(phases.write)} | ${ms(phases.audit)} | ${ms(phases.commit)} |`,
  );
for (const { database, shownMs } of figures.filter((row) => row.shownMs.length > 0))
  console.log(
    `\n${database}: from the commit to each of ${shownMs.length} running servers showing the import in search: ${shownMs.map(ms).join(', ')}`,
  );
const missed = figures.filter((row) => row.changedMs > TARGET_MS);
for (const row of missed)
  console.error(
    `${row.database}: changing ${CHANGES} animals took ${ms(row.changedMs)}, over the target ${ms(TARGET_MS)}`,
  );
process.exit(missed.length > 0 ? 1 : 0);
