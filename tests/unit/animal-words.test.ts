/**
 * The stored side of word-form search (src/server/db/search/animal-words.ts): migration 0008 fills the
 * words of the animals already in the database, the shop's writers keep them, and an animal written
 * directly in SQL is found by the words the index computes from its text (docs/search.md); migration 0012's rows of
 * `animal_word` (src/server/db/migrations/animal-word-schema.ts) follow every write to `animal`. Both databases.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { animalSearchRows } from '../../src/server/db/search/animal-words.ts';
import { openShop, type Shop } from '../../src/server/shop.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { freshDatabase, type FreshLocation } from '../helpers/shop.ts';
import { undoCatalogueChanges } from '../helpers/migrations.ts';

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
    // (nor of the later 0009–0017, undone first: migrations run in order; 0017 runs again after 0008).
    const db = first.database.db;
    await sql`delete from kysely_migration where name = '0017_drop_unread_word_indexes'`.execute(db);
    await sql`drop table content_page_version`.execute(db);
    await sql`delete from kysely_migration where name = '0016_content_pages'`.execute(db);
    await undoCatalogueChanges(db, database);
    for (const trigger of ['animal_word_insert', 'animal_word_delete', 'animal_word_update']) {
      if (database === 'sqlite') await sql`drop trigger ${sql.id(trigger)}`.execute(db);
      else await sql`drop trigger ${sql.id(trigger)} on animal`.execute(db);
    }
    if (database === 'postgres') {
      for (const fn of ['animal_word_added', 'animal_word_removed', 'animal_word_changed']) {
        await sql`drop function ${sql.id(fn)}`.execute(db);
      }
    }
    await sql`drop table unfound_search`.execute(db);
    await sql`drop table animal_word`.execute(db);
    await sql`drop index animal_unworded_idx`.execute(db);
    await sql`drop table picture`.execute(db);
    await sql`drop table audit`.execute(db);
    await sql`drop table category_redirect`.execute(db);
    await sql`drop index animal_hidden_idx`.execute(db);
    await sql`alter table animal drop column hidden`.execute(db);
    for (const table of ['animal', 'category'])
      await sql`alter table ${sql.table(table)} drop column version`.execute(db);
    await sql`delete from kysely_migration where name in ('0009_catalogue_owner', '0010_hidden_animals_index', '0011_pictures', '0012_animal_words', '0013_name_words_and_unworded_indexes', '0014_unfound_searches')`.execute(
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
      // (0017 dropped them already.)
      await sql`drop index if exists animal_search_words_trgm_idx`.execute(db);
      await sql`drop index if exists animal_name_words_trgm_idx`.execute(db);
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

  it('keeps animal_word in step with every write to an animal: its words, their copies of the sort and filter columns', async () => {
    const s = shop!;
    const db = s.database.db;
    const rowsOf = async (id: string) =>
      (
        await db
          .selectFrom('animal_word')
          .select(['word', 'in_name', 'name_key', 'price', 'category_id', 'rating', 'count_in_stock', 'hidden'])
          .where('animal_id', '=', id)
          .orderBy('word')
          .execute()
      ).map((row) => ({ ...row, price: Number(row.price), rating: Number(row.rating) }));
    const expected = async (id: string) => {
      const animal = await db.selectFrom('animal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const words = animal.search_words.trim().split(' ').filter(Boolean);
      return [...new Set(words)].sort().map((word) => ({
        word,
        in_name: animal.name_words.includes(` ${word} `) ? 1 : 0,
        name_key: animal.name_key,
        price: Number(animal.price),
        category_id: animal.category_id,
        rating: Number(animal.rating),
        count_in_stock: animal.count_in_stock,
        hidden: animal.hidden ? 1 : 0,
      }));
    };
    // Every animal, as the migration filled them (and the seed's writes after it).
    const ids = (await db.selectFrom('animal').select('id').orderBy('id').execute()).map((row) => row.id);
    expect(ids.length).toBeGreaterThan(50);
    for (const id of ids) expect(await rowsOf(id), id).toEqual(await expected(id));

    const dragon = await db
      .selectFrom('animal')
      .selectAll()
      .where('slug', '=', 'thimble-dragon')
      .executeTakeFirstOrThrow();
    const other = await db
      .selectFrom('category')
      .select('id')
      .where('id', '<>', dragon.category_id)
      .limit(1)
      .executeTakeFirstOrThrow();
    // Each column the rows copy, changed alone: the rows follow.
    const changes: Record<string, unknown>[] = [
      { price: 777 },
      { rating: 1.5 },
      { count_in_stock: 0 },
      { category_id: other.id },
      { hidden: database === 'postgres' ? true : 1 },
      { name_key: `${dragon.name_key}x` },
      { search_words: ' חדש מאוד מצולות ', name_words: ' חדש ' },
    ];
    for (const change of changes) {
      await db.updateTable('animal').set(change).where('id', '=', dragon.id).execute();
      expect(await rowsOf(dragon.id), JSON.stringify(change)).toEqual(await expected(dragon.id));
    }
    expect((await rowsOf(dragon.id)).map((row) => [row.word, row.in_name])).toEqual([
      ['חדש', 1],
      ['מאוד', 0],
      ['מצולות', 0],
    ]);
    // A new id (the key the rows hang on), then the animal deleted: no rows left behind.
    await db.updateTable('animal').set({ id: 'fedcba9876543210fedcba98' }).where('id', '=', dragon.id).execute();
    expect(await rowsOf(dragon.id)).toEqual([]);
    expect(await rowsOf('fedcba9876543210fedcba98')).toEqual(await expected('fedcba9876543210fedcba98'));
    await db.deleteFrom('animal').where('id', '=', 'fedcba9876543210fedcba98').execute();
    expect(await rowsOf('fedcba9876543210fedcba98')).toEqual([]);
  });
});
