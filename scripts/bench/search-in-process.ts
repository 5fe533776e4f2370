/**
 * `npm run bench:search`: the distinct searches (./distinct-searches.ts) asked of the search code
 * itself, without HTTP, on a catalogue you seeded (DATABASE_PATH for SQLite, or DATABASE_URL), each once
 * cold then again warm; prints the table of `npm run bench` for that database. For profiling: `--kind`
 * keeps the kinds starting with a text, `--slowest N` lists each kind's N slowest cold and warm queries with the
 * time of every SQL statement they ran.
 *   DATABASE_PATH=/tmp/x/shop.db node scripts/seed.ts --synthetic 100000 --force
 *   DATABASE_PATH=/tmp/x/shop.db npm run bench:search -- --slowest 3
 */
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { AnimalSearchQuerySchema } from '../../src/lib/schemas.ts';
import { createCatalogue } from '../../src/server/db/catalogue/catalogue-reads.ts';
import type { ShopTables } from '../../src/server/db/tables.ts';
import { distinctQueries, distinctTable, summarize, type Answer } from './distinct-searches.ts';

const { values } = parseArgs({
  options: {
    kind: { type: 'string' },
    slowest: { type: 'string', default: '0' },
  },
});
const url = process.env.DATABASE_URL;
const statements: string[] = [];
const db = new Kysely<ShopTables>({
  dialect: url
    ? new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 4 }) })
    : new SqliteDialect({ database: new SQLite(process.env.DATABASE_PATH ?? 'data/shop.db', { fileMustExist: true }) }),
  log: (event) => {
    statements.push(
      `${event.queryDurationMillis.toFixed(1)} ms  ${event.query.sql.replace(/\s+/g, ' ').slice(0, 160)}`,
    );
  },
});
const catalogue = createCatalogue(db);
const slugs = (await db.selectFrom('category').select('slug').execute()).map((row) => row.slug);
// As a running server has it: the catalogue index read (`npm start` reads it at start).
const indexStarted = performance.now();
await catalogue.readSearchIndex();
console.log(`catalogue index read in ${(performance.now() - indexStarted).toFixed(0)} ms`);

async function ask(path: string): Promise<Answer & { statements: string[] }> {
  const { pathname, searchParams } = new URL(path, 'http://shop.invalid');
  const params = Object.fromEntries(searchParams);
  statements.length = 0;
  const started = performance.now();
  const matched = pathname.endsWith('/suggest')
    ? (await catalogue.suggest(params.search ?? '')).length
    : (await catalogue.searchAnimals(AnimalSearchQuerySchema.parse(params))).total;
  return { ms: performance.now() - started, matched, ok: true, statements: [...statements] };
}

const rows = [];
for (const { kind, paths, warmUp } of distinctQueries(slugs)) {
  if (values.kind && !kind.startsWith(values.kind)) continue;
  for (const path of warmUp) await ask(path);
  const cold = [];
  for (const path of paths) cold.push({ path, ...(await ask(path)) });
  const warm = [];
  for (const path of paths) warm.push({ path, ...(await ask(path)) });
  rows.push(
    summarize(
      kind,
      cold,
      warm.map((answer) => answer.ms),
    ),
  );
  for (const [when, answers] of [
    ['cold', cold],
    ['warm', warm],
  ] as const) {
    for (const slow of [...answers].sort((a, b) => b.ms - a.ms).slice(0, Number(values.slowest))) {
      console.log(
        `${kind}, ${when}: ${slow.ms.toFixed(1)} ms, ${slow.matched} matched, ${decodeURIComponent(slow.path)}`,
      );
      for (const statement of slow.statements) console.log(`    ${statement}`);
    }
  }
}
console.log(distinctTable(url ? 'postgres (in process)' : 'sqlite (in process)', rows));
await db.destroy();
