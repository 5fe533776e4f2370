/**
 * Migration 0004: the search index and the catalogue version, per dialect. The queries in
 * ./queries.ts are the same on both: they read `animal_search` (animal_id, search_text) with
 * `like`, and `catalogue_version` (see docs/decisions/search-index.md).
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
 * - Both: `catalogue_version` holds one random token, replaced by triggers whenever an animal or a
 *   category is written, so that totals can be cached per search and catalogue version.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from './database.ts';
import { animalSearchRows, insertSearchWords } from './animal-words.ts';

export async function searchTrigram(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // A category's page is read from this index alone, id included (the tie-break of its order).
  await sql`drop index animal_category_idx`.execute(db);
  await sql`create index animal_category_idx on animal (category_id, name_key, id)`.execute(db);
  await sql`create table catalogue_version (id integer primary key, version text not null)`.execute(db);
  if (dialect === 'postgres') {
    await sql`insert into catalogue_version (id, version) values (1, md5(random()::text))`.execute(db);
    await sql`create view animal_search as select id as animal_id, search_text from animal`.execute(db);
    await sql`
      create function bump_catalogue_version() returns trigger language plpgsql as $$
      begin
        update catalogue_version set version = md5(random()::text || clock_timestamp()::text) where id = 1;
        return null;
      end
      $$`.execute(db);
    for (const table of ['animal', 'category']) {
      await sql`
        create trigger ${sql.id(`${table}_version`)} after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function bump_catalogue_version()`.execute(db);
    }
    return;
  }

  await sql`insert into catalogue_version (id, version) values (1, lower(hex(randomblob(16))))`.execute(db);
  for (const table of ['animal', 'category']) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`
        create trigger ${sql.id(`${table}_version_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update catalogue_version set version = lower(hex(randomblob(16))) where id = 1; end`.execute(db);
    }
  }

  // 0003's index goes first: FTS5 names one of its shadow tables animal_search_idx.
  await sql`drop index animal_search_idx`.execute(db);
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

  await sql`drop index animal_name_idx`.execute(db);
  await sql`drop index animal_price_idx`.execute(db);
  await sql`create index animal_name_search_idx on animal (name_key, id, search_text)`.execute(db);
  await sql`create index animal_price_search_idx on animal (price, name_key, id, search_text)`.execute(db);
}

/**
 * Migration 0007: when the catalogue last changed (`catalogue_version.changed_at`, ISO 8601 UTC), set
 * by the same triggers that replace the version token; the sitemaps' `lastmod` (src/features/seo).
 */
export async function catalogueChangedAt(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await sql`alter table catalogue_version add column changed_at text`.execute(db);
  await sql`update catalogue_version set changed_at = ${new Date().toISOString()} where id = 1`.execute(db);
  if (dialect === 'postgres') {
    await sql`
      create or replace function bump_catalogue_version() returns trigger language plpgsql as $$
      begin
        update catalogue_version
          set version = md5(random()::text || clock_timestamp()::text),
              changed_at = to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          where id = 1;
        return null;
      end
      $$`.execute(db);
    return;
  }
  for (const table of ['animal', 'category']) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.id(`${table}_version_${event}`)}`.execute(db);
      await sql`
        create trigger ${sql.id(`${table}_version_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update catalogue_version
            set version = lower(hex(randomblob(16))), changed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
            where id = 1;
        end`.execute(db);
    }
  }
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
 * Migration 0008: word-form search (src/lib/search-words.ts, docs/decisions/search-index.md). Each
 * animal's distinct words between spaces (`search_words`, and `name_words` for suggestions), searched
 * with `like '% word %'` through the trigram index (SQLite: two more columns of the FTS5 table, which is
 * rebuilt with its triggers; PostgreSQL: pg_trgm indexes and the view's new columns); and the catalogue's
 * words with their base forms (`search_word`). Filled here for the animals already stored, by the same
 * function the application writes them with (./animal-words.ts). And an index of the filters' columns.
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
