/** Migrations 0004 and 0008: the SQL search schema (an FTS5 trigram table on SQLite, a pg_trgm view on PostgreSQL), dropped by 0018. */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { animalSearchRows, insertSearchWords } from '../search/animal-words.ts';

/** SQLite: the FTS5 trigram table of the folded texts and its triggers, as 0004 made it (0017 again). */
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

/** Migration 0008: each animal's distinct words (`search_words`, `name_words`), the catalogue's words with their base forms (`search_word`), filled for the animals already stored. */
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
  // The facets' grouping and the filters' columns together, read in order instead of the wide rows.
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

/** Migration 0017: what 0008 added to the trigram index and nothing reads. */
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
