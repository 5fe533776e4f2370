/**
 * The stored side of word-form search (src/server/db/animal-words.ts): migration 0008 fills the
 * words of the animals already in the database, the shop's writers keep them, and a write made
 * directly in SQL is found by its literal text only (docs/search.md). Both databases.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { animalSearchRows } from '../../src/server/db/animal-words.ts';
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
  const stored = async (s: Shop) => {
    const animals = await s.database.db
      .selectFrom('animal')
      .select(['id', 'search_words', 'name_words'])
      .orderBy('id')
      .execute();
    const words = await s.database.db.selectFrom('search_word').select(['word', 'base']).orderBy('word').execute();
    return { animals, words };
  };
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
    const seeded = await stored(first);
    expect(seeded.words.length).toBeGreaterThan(500);
    // As if the animals had been written before 0008: no words, no word list, no record of the migration
    // (nor of the later 0009–0011, undone first: migrations run in order).
    const db = first.database.db;
    await sql`drop table picture`.execute(db);
    await sql`drop table audit`.execute(db);
    await sql`drop table category_redirect`.execute(db);
    await sql`drop index animal_hidden_idx`.execute(db);
    await sql`alter table animal drop column hidden`.execute(db);
    for (const table of ['animal', 'category'])
      await sql`alter table ${sql.table(table)} drop column version`.execute(db);
    await sql`delete from kysely_migration where name in ('0009_catalogue_owner', '0010_hidden_animals_index', '0011_pictures')`.execute(
      db,
    );
    if (database === 'sqlite') {
      for (const trigger of ['animal_search_insert', 'animal_search_delete', 'animal_search_update']) {
        await sql`drop trigger ${sql.id(trigger)}`.execute(db);
      }
      await sql`drop table animal_search`.execute(db);
      await sql`create virtual table animal_search using fts5(search_text, animal_id unindexed, tokenize = 'trigram', detail = none)`.execute(
        db,
      );
      await sql`insert into animal_search (rowid, search_text, animal_id) select rowid, search_text, id from animal`.execute(
        db,
      );
      // 0004's triggers, as they were.
      await sql`create trigger animal_search_insert after insert on animal begin
        insert into animal_search (rowid, search_text, animal_id) values (new.rowid, new.search_text, new.id); end`.execute(
        db,
      );
      await sql`create trigger animal_search_delete after delete on animal begin
        delete from animal_search where rowid = old.rowid; end`.execute(db);
      await sql`create trigger animal_search_update after update of id, search_text on animal begin
        delete from animal_search where rowid = old.rowid;
        insert into animal_search (rowid, search_text, animal_id) values (new.rowid, new.search_text, new.id); end`.execute(
        db,
      );
    } else {
      await sql`drop view animal_search`.execute(db);
      await sql`create view animal_search as select id as animal_id, search_text from animal`.execute(db);
      await sql`drop index animal_search_words_trgm_idx`.execute(db);
      await sql`drop index animal_name_words_trgm_idx`.execute(db);
    }
    await sql`alter table animal drop column search_words`.execute(db);
    await sql`alter table animal drop column name_words`.execute(db);
    await sql`drop table search_word`.execute(db);
    await sql`drop index animal_filter_idx`.execute(db);
    await sql`delete from kysely_migration where name = '0008_search_words'`.execute(db);
    await first.close();
    shop = undefined;
    const again = await open();
    expect(await stored(again)).toEqual(seeded);
    expect(await found(again, 'דרקונים')).toEqual(['thimble-dragon', 'deep-sea-dragon', 'tea-dragoness']);
    expect(await found(again, 'מצולות דרקון')).toEqual(['deep-sea-dragon']);
  });

  it('does not follow a write made directly in SQL: the animal is found by its literal text only', async () => {
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
    expect(await found(s, 'גמל שלמה')).toContain('sql-written');
    expect(await found(s, 'שלמה גמל')).not.toContain('sql-written');
  });
});
