/**
 * The search index's schema, per dialect: migration 0004 (with the catalogue version of
 * ./catalogue-version-schema.ts) and 0008 (word forms). The queries in ../../search/animal-search.ts are the
 * same on both: they read `animal_search` (animal_id, search_text, …) with `like`
 * (see docs/decisions/0004-search-in-sql.md). Migration 0018 dropped what only SQL search read (./drop-sql-search.ts).
 *
 * - SQLite: `animal_search` is an FTS5 table with the trigram tokenizer. A two-argument
 *   `search_text like '%…%'` on it is answered from the trigram index when the pattern has a run of
 *   3 characters or more (EXPLAIN QUERY PLAN: `VIRTUAL TABLE INDEX 0:L0`); `like … escape` is not
 *   (SQLite hands only two-argument LIKE to a virtual table), so queries pair the two. Its rowid is
 *   the animal's rowid; triggers keep it in step with every write to `animal`. The sort indexes
 *   also cover `search_text`, so a page deep into a common word skips rows without reading them
 *   (page 100 of 'קטן': about 20 ms → 2 ms on 100,000 animals); they replace the 0001 sort indexes
 *   and 0003's (search_text, id) index.
 * - PostgreSQL: `animal_search` is a view of `animal`, whose pg_trgm index (0001) answers both
 *   patterns.
 * - Both: the category index holds the id too, so a category page deep into 10,000 animals is read
 *   from the index alone and sorted without a temporary table.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { animalSearchRows, insertSearchWords } from '../search/animal-words.ts';

/**
 * SQLite: the FTS5 trigram table of the folded texts (what the literal rule's SQL reads) and the
 * triggers that keep it in step with `animal` — as migration 0004 made it, and 0017 again.
 */
async function createLiteralTable(db: Kysely<unknown>): Promise<void> {
  await sql`
    create virtual table animal_search using fts5(search_text, animal_id unindexed, tokenize = 'trigram', detail = none)`.execute(
    db,
  );
  await sql`insert into animal_search (rowid, search_text, animal_id) select rowid, search_text, id from animal`.execute(
    db,
  );
  await sql`
    create trigger animal_search_insert after insert on animal begin
      insert into animal_search (rowid, search_text, animal_id) values (new.rowid, new.search_text, new.id);
    end`.execute(db);
  await sql`
    create trigger animal_search_delete after delete on animal begin
      delete from animal_search where rowid = old.rowid;
    end`.execute(db);
  await sql`
    create trigger animal_search_update after update of id, search_text on animal begin
      delete from animal_search where rowid = old.rowid;
      insert into animal_search (rowid, search_text, animal_id) values (new.rowid, new.search_text, new.id);
    end`.execute(db);
}

export async function searchTrigram(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // A category's page is read from this index alone, id included (the tie-break of its order).
  await sql`drop index animal_category_idx`.execute(db);
  await sql`create index animal_category_idx on animal (category_id, name_key, id)`.execute(db);
  if (dialect === 'postgres') {
    await sql`create view animal_search as select id as animal_id, search_text from animal`.execute(db);
    return;
  }

  // 0003's index goes first: FTS5 names one of its shadow tables animal_search_idx.
  await sql`drop index animal_search_idx`.execute(db);
  await createLiteralTable(db);

  await sql`drop index animal_name_idx`.execute(db);
  await sql`drop index animal_price_idx`.execute(db);
  await sql`create index animal_name_search_idx on animal (name_key, id, search_text)`.execute(db);
  await sql`create index animal_price_search_idx on animal (price, name_key, id, search_text)`.execute(db);
}

/** SQLite: the FTS5 trigram table over the searched columns, and the triggers that keep it in step with `animal`. */
async function createSqliteSearchTable(db: Kysely<unknown>): Promise<void> {
  await sql`
    create virtual table animal_search using fts5(
      search_text, search_words, name_words, animal_id unindexed, tokenize = 'trigram', detail = none
    )`.execute(db);
  await sql`
    insert into animal_search (rowid, search_text, search_words, name_words, animal_id)
    select rowid, search_text, search_words, name_words, id from animal`.execute(db);
  await sql`
    create trigger animal_search_insert after insert on animal begin
      insert into animal_search (rowid, search_text, search_words, name_words, animal_id)
      values (new.rowid, new.search_text, new.search_words, new.name_words, new.id);
    end`.execute(db);
  await sql`
    create trigger animal_search_delete after delete on animal begin
      delete from animal_search where rowid = old.rowid;
    end`.execute(db);
  await sql`
    create trigger animal_search_update after update of id, search_text, search_words, name_words on animal begin
      delete from animal_search where rowid = old.rowid;
      insert into animal_search (rowid, search_text, search_words, name_words, animal_id)
      values (new.rowid, new.search_text, new.search_words, new.name_words, new.id);
    end`.execute(db);
}

/**
 * Migration 0008: word-form search (src/lib/search/search-words.ts, docs/decisions/0004-search-in-sql.md). Each
 * animal's distinct words between spaces (`search_words`, and `name_words` for suggestions), searched
 * with `like '% word %'` through the trigram index (SQLite: two more columns of the FTS5 table, which is
 * rebuilt with its triggers; PostgreSQL: pg_trgm indexes and the view's new columns); and the catalogue's
 * words with their base forms (`search_word`). Filled here for the animals already stored, by the same
 * function the application writes them with (../search/animal-words.ts). And an index of the filters' columns.
 */
export async function searchWords(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const binary = dialect === 'postgres' ? sql`collate "C"` : sql`collate binary`;
  for (const column of ['search_words', 'name_words']) {
    await sql`alter table animal add column ${sql.id(column)} text not null default ''`.execute(db);
  }
  await sql`create table search_word (word text ${binary} primary key, base text ${binary} not null)`.execute(db);
  await sql`create index search_word_base_idx on search_word (base, word)`.execute(db);

  const { rows } = await sql<{ id: string; name: string; description: string }>`
    select id, name, description from animal`.execute(db);
  for (let start = 0; start < rows.length; start += 500) {
    const values = rows.slice(start, start + 500).map((animal) => {
      const { columns } = animalSearchRows(animal);
      return sql`(${animal.id}, ${columns.search_words}, ${columns.name_words})`;
    });
    await sql`
      with v(id, search_words, name_words) as (values ${sql.join(values)})
      update animal set search_words = v.search_words, name_words = v.name_words from v where animal.id = v.id`.execute(
      db,
    );
  }
  await insertSearchWords(db, rows);
  // The facets' grouping and the filters' columns together: counting the facets of a list (grouped by
  // category, filtered by price, rating and stock) reads this index in order instead of the wide rows.
  await sql`create index animal_filter_idx on animal (category_id, price, rating, count_in_stock)`.execute(db);

  if (dialect === 'postgres') {
    await sql`create or replace view animal_search as select id as animal_id, search_text, search_words, name_words from animal`.execute(
      db,
    );
    await sql`create index animal_search_words_trgm_idx on animal using gin (search_words gin_trgm_ops)`.execute(db);
    await sql`create index animal_name_words_trgm_idx on animal using gin (name_words gin_trgm_ops)`.execute(db);
    return;
  }
  for (const trigger of ['animal_search_insert', 'animal_search_delete', 'animal_search_update']) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table animal_search`.execute(db);
  await createSqliteSearchTable(db);
}

/**
 * Migration 0017: what 0008 added to the trigram index and nothing reads (the words are read from
 * `animal` by the catalogue index and by `animal_word`'s triggers): PostgreSQL's pg_trgm indexes of
 * `search_words` and `name_words` and the view's columns; SQLite's FTS5 columns of them (the table
 * made again as 0004 made it). docs/decisions/0016-catalogue-index-and-change-feed.md.
 */
export async function dropUnreadWordIndexes(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop index animal_search_words_trgm_idx`.execute(db);
    await sql`drop index animal_name_words_trgm_idx`.execute(db);
    await sql`drop view animal_search`.execute(db);
    await sql`create view animal_search as select id as animal_id, search_text from animal`.execute(db);
    return;
  }
  for (const trigger of ['animal_search_insert', 'animal_search_delete', 'animal_search_update']) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table animal_search`.execute(db);
  await createLiteralTable(db);
}
