/**
 * The stored side of word-form search (src/server/db/search/animal-words.ts): migration 0008 fills the
 * words of the animals already in the database, the shop's writers keep them, and an animal written
 * directly in SQL is found by the words the index computes from its text (docs/search.md). Migration
 * 0018 leaves none of SQL search's tables, triggers and indexes, and the shop still searches. Both databases.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrations/migrations.ts';
import { animalSearchRows } from '../../src/server/db/search/animal-words.ts';
import { catalogueRows } from '../../src/server/db/seed/seed.ts';
import { openShop, type Shop } from '../../src/server/shop.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { freshDatabase, type FreshLocation } from '../helpers/shop.ts';

it('stores each distinct word once between spaces, the name’s apart, and the words with a letter with their base forms', () => {
  expect(animalSearchRows({ name: 'דרקון מצולות 3', description: 'דרקון ירוק שאוסף מטבעות, ירוק מאוד.' })).toEqual({
    columns: {
      search_words: ' דרקונ מצולות 3 ירוק שאוספ מטבעות מאוד ',
      name_words: ' דרקונ מצולות 3 ',
    },
    words: [
      { word: 'דרקונ', base: 'דרקנ' },
      { word: 'מצולות', base: 'מצול' },
      { word: 'ירוק', base: 'ירוק' },
      { word: 'שאוספ', base: 'שאספ' },
      { word: 'מטבעות', base: 'מטבע' },
      { word: 'מאוד', base: 'מאוד' },
    ],
  });
});

describeEachDatabase('stored search words', (database) => {
  let location: FreshLocation;
  let shop: Shop | undefined;
  const open = async () => (shop = await openShop(loadConfig({ API_CACHE_ENTRIES: '0', ...location.env })));
  const found = async (s: Shop, text: string) =>
    (await s.catalogue.searchAnimals({ search: text, sort: 'name' })).animals.map((animal) => animal.slug);
  const rows = catalogueRows();

  beforeAll(async () => {
    location = await freshDatabase(database);
  });
  afterAll(async () => {
    await shop?.close();
    await location?.remove();
  });

  it('is filled by migration 0008 for the animals stored before it', async () => {
    // A database as it was before 0008, with the seed's animals written then (no words).
    const older = await openDatabase(loadConfig(location.env).database);
    try {
      await migrate(older.db, older.dialect, '0007_catalogue_changed_at');
      const db = older.db;
      for (const category of rows.categories) {
        const { id, slug, name, description, img, position } = category;
        await sql`insert into category (id, slug, name, description, img, position)
          values (${id}, ${slug}, ${name}, ${description}, ${img}, ${position})`.execute(db);
      }
      for (const animal of rows.animals) {
        const { id, slug, name, description, img, price, count_in_stock, rating, num_reviews, category_id } = animal;
        await sql`insert into animal (id, slug, name, description, img, price, count_in_stock, rating, num_reviews,
            category_id, name_key, search_text)
          values (${id}, ${slug}, ${name}, ${description}, ${img}, ${price}, ${count_in_stock}, ${rating},
            ${num_reviews}, ${category_id}, ${animal.name_key}, ${animal.search_text})`.execute(db);
      }
    } finally {
      await older.close();
    }
    const s = await open();
    const animals = await s.database.db
      .selectFrom('animal')
      .select(['id', 'name', 'description', 'search_words', 'name_words'])
      .orderBy('id')
      .execute();
    expect(animals.length).toBe(rows.animals.length);
    const forms = new Map<string, string>();
    for (const animal of animals) {
      const computed = animalSearchRows(animal);
      expect({ search_words: animal.search_words, name_words: animal.name_words }, animal.id).toEqual(computed.columns);
      for (const { word, base } of computed.words) forms.set(word, base);
    }
    const words = await s.database.db.selectFrom('search_word').select(['word', 'base']).execute();
    expect(new Map(words.map(({ word, base }) => [word, base]))).toEqual(forms);
    expect(await found(s, 'דרקונים')).toEqual(['thimble-dragon', 'deep-sea-dragon', 'tea-dragoness']);
    expect(await found(s, 'מצולות דרקון')).toEqual(['deep-sea-dragon']);
  });

  it("has none of SQL search's tables, triggers and indexes after migration 0018, and still searches", async () => {
    const s = shop!;
    const db = s.database.db;
    const dropped = [
      'animal_word',
      'animal_word_animal_idx',
      'animal_word_name_idx',
      'animal_word_insert',
      'animal_word_delete',
      'animal_word_update',
      'animal_unworded_idx',
      'animal_filter_idx',
      'search_word_base_idx',
      'animal_search',
      'animal_search_trgm_idx',
      'animal_search_insert',
      'animal_search_delete',
      'animal_search_update',
      'animal_name_search_idx',
      'animal_price_search_idx',
      'animal_price_idx',
    ];
    const left =
      database === 'postgres'
        ? await sql<{ name: string }>`
            select relname as name from pg_class where relname in (${sql.join(dropped)})
            union select tgname from pg_trigger where tgname in (${sql.join(dropped)})
            union select proname from pg_proc where proname like 'animal_word%'`.execute(db)
        : await sql<{ name: string }>`
            select name from sqlite_master where name in (${sql.join(dropped)}) or name like 'animal_search%'`.execute(
            db,
          );
    expect(left.rows.map((row) => row.name)).toEqual([]);
    // A write and a search after it: the shop's own writers and the catalogue index need none of them.
    await sql`update animal set name = 'דרקון אצבעון חדש' where slug = 'thimble-dragon'`.execute(db);
    s.catalogueVersion.forget();
    expect(await found(s, 'דרקונים')).toContain('thimble-dragon');
    expect(await found(s, 'חדש')).toContain('thimble-dragon');
  });

  it('finds an animal written directly in SQL without its words: the index computes them from its text', async () => {
    const s = shop!;
    const db = s.database.db;
    const category = await db.selectFrom('category').select('id').limit(1).executeTakeFirstOrThrow();
    const dragon = await db
      .selectFrom('animal')
      .selectAll()
      .where('slug', '=', 'thimble-dragon')
      .executeTakeFirstOrThrow();
    await sql`
      insert into animal (id, slug, name, description, img, price, count_in_stock, rating, num_reviews, category_id, name_key, search_text)
      values ('0123456789abcdef01234567', 'sql-written', 'גמל שלמה', 'נכתב ישר ב-SQL', '/x.svg', 1, 1, 1, 1,
        ${category.id}, ${dragon.name_key}, 'גמל שלמה נכתב ישר ב-sql')`.execute(db);
    // A server sees a write made elsewhere within CATALOGUE_VERSION_INTERVAL_MS; this one at once.
    s.catalogueVersion.forget();
    expect(await found(s, 'גמל שלמה')).toContain('sql-written');
    expect(await found(s, 'גמל')).toContain('sql-written');
    expect(await found(s, 'ב-sql')).toContain('sql-written');
    expect(await found(s, 'שלמה גמל')).toContain('sql-written');
    expect(await found(s, 'גמלים')).toContain('sql-written');
  });
});
