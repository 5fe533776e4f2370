/**
 * Several servers starting at once on one database: each migrates and seeds on start, and every
 * one must succeed, leaving one schema and one catalogue. A lock, not luck: on PostgreSQL Kysely's
 * migrator holds an advisory lock, on SQLite migrate() runs inside `begin immediate` (see
 * src/server/db/migrations/migrations.ts); without them the second server's `create table` fails (measured).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.ts';
import { openShop, type Shop } from '../../src/server/shop.ts';
import { describeEachDatabase, describeOnDatabase } from '../helpers/databases.ts';
import { freshDatabase, type FreshLocation } from '../helpers/shop.ts';
import { MIGRATION_NAMES } from '../helpers/migrations.ts';
import { catalogueWords } from '../../src/lib/search/index.ts';

const START_SHOP = fileURLToPath(new URL('../helpers/start-shop.ts', import.meta.url));
const animalCount = seedCatalogue.reduce((sum, category) => sum + category.animals.length, 0);

let opened: Shop[] = [];
let location: FreshLocation | undefined;
afterEach(async () => {
  await Promise.all(opened.map((shop) => shop.close()));
  opened = [];
  await location?.remove();
  location = undefined;
});

/** One schema (every migration once, every table once) and one catalogue. */
async function expectOneSchemaAndCatalogue(shop: Shop) {
  const db = shop.database.db;
  const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  expect(migrations.rows.map((row) => row.name)).toEqual(MIGRATION_NAMES);
  const tables = (await db.introspection.getTables({ withInternalKyselyTables: true }))
    .map((table) => table.name)
    .sort();
  expect(tables).toEqual([
    'animal',
    'animal_trash',
    'audit',
    'backup_run',
    'catalogue_change',
    'catalogue_version',
    'category',
    'category_redirect',
    'contact_message',
    'content_page_version',
    'favourite_list',
    'kysely_migration',
    'kysely_migration_lock',
    'picture',
    'search_word',
    'unfound_search',
  ]);
  // The content pages are seeded once: one first version of the about page, whoever started first.
  const about = await sql<{ n: string }>`select count(*) as n from content_page_version where page = 'about'`.execute(
    db,
  );
  expect(Number(about.rows[0]?.n)).toBe(1);
  const counts = await Promise.all(
    (['category', 'animal'] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
  );
  expect(counts.map((count) => Number(count.n))).toEqual([seedCatalogue.length, animalCount]);
  // The catalogue's words (migration 0008): each once, whoever wrote them.
  const words = await db
    .selectFrom('search_word')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const expected = new Set(
    seedCatalogue
      .flatMap((category) => category.animals)
      .flatMap((animal) => catalogueWords(animal.name, animal.description).map(({ word }) => word))
      .filter((word) => /\p{L}/u.test(word)),
  );
  expect(Number(words.n)).toBe(expected.size);
}

/** Starts `count` server starts as separate processes, released together; resolves to each one's last line. */
async function startTogether(count: number, env: Record<string, string>): Promise<string[]> {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, [START_SHOP], {
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const outcomes = children.map(
    (child) =>
      new Promise<{ ready: Promise<void>; last: Promise<string> }>((resolve) => {
        let markReady: () => void = () => {};
        const ready = new Promise<void>((done) => (markReady = done));
        const last = new Promise<string>((done) => {
          let line = 'no output';
          createInterface({ input: child.stdout }).on('line', (text) => {
            line = text;
            if (text === 'ready') markReady();
          });
          child.on('exit', (code) => done(code === 0 ? line : `${line} (exit ${code})`));
        });
        resolve({ ready, last });
      }),
  );
  const handles = await Promise.all(outcomes);
  await Promise.all(handles.map((handle) => handle.ready));
  for (const child of children) child.stdin.end('go\n');
  return Promise.all(handles.map((handle) => handle.last));
}

describeEachDatabase('servers starting at once on one database', (database) => {
  it.each([1, 2])(
    '4 server processes migrate and seed a fresh database together: all succeed (round %i)',
    async () => {
      location = await freshDatabase(database);
      expect(await startTogether(4, location.env)).toEqual(['ok', 'ok', 'ok', 'ok']);
      const shop = await openShop(loadConfig({ ...location.env, SEED_ON_START: 'false' }));
      opened.push(shop);
      await expectOneSchemaAndCatalogue(shop);
    },
    30_000,
  );
});

describeOnDatabase('postgres', 'pools starting at once on one PostgreSQL database', () => {
  it.each([1, 2, 3])('4 pools in one process migrate and seed a fresh database together (round %i)', async () => {
    location = await freshDatabase('postgres');
    const config = loadConfig(location.env);
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => openShop(config)));
    opened = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    for (const shop of opened) await expectOneSchemaAndCatalogue(shop);
  });
});
