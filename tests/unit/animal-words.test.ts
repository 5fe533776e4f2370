/**
 * The stored side of word-form search (src/server/db/animal-words.ts): migration 0008 fills
 * `animal_word` for animals already in the database, writers of the catalogue keep it, and a write
 * made directly in SQL is still found by its literal text only (docs/search.md). Both databases.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { animalSearchRows } from '../../src/server/db/animal-words.ts';
import { animalRow } from '../../src/server/db/seed.ts';
import { openShop, type Shop } from '../../src/server/shop.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { freshDatabase, type FreshLocation } from '../helpers/shop.ts';

it('makes one row per distinct word, with its base form, marking name words', () => {
  expect(
    animalSearchRows({ id: 'a', name: 'דרקון מצולות', description: 'דרקון ירוק שאוסף מטבעות, ירוק מאוד.' }),
  ).toEqual([
    { animal_id: 'a', word: 'דרקונ', base: 'דרקנ', in_name: 1 },
    { animal_id: 'a', word: 'מצולות', base: 'מצול', in_name: 1 },
    { animal_id: 'a', word: 'ירוק', base: 'ירוק', in_name: 0 },
    { animal_id: 'a', word: 'שאוספ', base: 'שאספ', in_name: 0 },
    { animal_id: 'a', word: 'מטבעות', base: 'מטבע', in_name: 0 },
    { animal_id: 'a', word: 'מאוד', base: 'מאוד', in_name: 0 },
  ]);
});

describeEachDatabase('animal_word', (database) => {
  let location: FreshLocation;
  let shop: Shop | undefined;
  const open = async () => (shop = await openShop(loadConfig({ API_CACHE_ENTRIES: '0', ...location.env })));
  const count = async (s: Shop) =>
    Number(
      (await s.database.db.selectFrom('animal_word').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow())
        .n,
    );
  const found = async (s: Shop, text: string) =>
    (await s.catalogue.searchAnimals({ search: text, sort: 'name' })).animals.map((animal) => animal.slug);

  beforeAll(async () => {
    location = await freshDatabase(database);
  });
  afterAll(async () => {
    await shop?.close();
    await location?.remove();
  });

  it('is filled by migration 0008 for the animals already stored', async () => {
    const first = await open();
    const seeded = await count(first);
    expect(seeded).toBeGreaterThan(500);
    // As if the database had been written before 0008: no table, no record of the migration.
    await sql`drop table animal_word`.execute(first.database.db);
    await sql`delete from kysely_migration where name = '0008_animal_words'`.execute(first.database.db);
    await first.close();
    shop = undefined;
    const again = await open();
    expect(await count(again)).toBe(seeded);
    expect(await found(again, 'דרקונים')).toEqual(['thimble-dragon', 'deep-sea-dragon', 'tea-dragoness']);
  });

  it('does not follow a write made directly in SQL: the animal is found by its literal text only', async () => {
    const s = shop!;
    const category = await s.database.db.selectFrom('category').select('id').limit(1).executeTakeFirstOrThrow();
    await s.database.db
      .insertInto('animal')
      .values(
        animalRow('0123456789abcdef01234567', category.id, {
          slug: 'sql-written',
          name: 'גמל שלמה',
          description: 'נכתב ישר ב-SQL',
          img: '/art/x.svg',
          price: 1,
          countInStock: 1,
          rating: 1,
          numReviews: 1,
        }),
      )
      .execute();
    expect(await found(s, 'גמל שלמה')).toContain('sql-written');
    expect(await found(s, 'שלמה גמל')).not.toContain('sql-written');
    // Deleting it takes its words (if any) with it.
    await s.database.db.deleteFrom('animal').where('slug', '=', 'thimble-dragon').execute();
    const orphans = await sql<{ n: number | string }>`
      select count(*) as n from animal_word where animal_id not in (select id from animal)`.execute(s.database.db);
    expect(Number(orphans.rows[0]!.n)).toBe(0);
  });
});
