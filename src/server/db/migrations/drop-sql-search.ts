/**
 * Migration 0018: what SQL text search read, and nothing reads now that the catalogue index in memory
 * answers every list (docs/decisions/0016-catalogue-index-and-change-feed.md names each object):
 * - both: `animal_word` (the posting list, its indexes, and the triggers that kept it — on PostgreSQL
 *   their functions too), the index of animals without stored words, the filters' covering index, the
 *   base-form index of `search_word`;
 * - SQLite: the FTS5 trigram table `animal_search` and its triggers, and the sort indexes that carried
 *   `search_text` (the name order the index is read in keeps a plain index);
 * - PostgreSQL: the `animal_search` view, the pg_trgm index of `search_text`, the price order's index.
 * Kept: `search_text`, `search_words`, `name_words`, `name_key` and `search_word` (the index reads them),
 * the hidden animals' index and the category index (a category's animals, deleted with it).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.ts';

export async function dropSqlSearch(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  for (const trigger of ['animal_word_insert', 'animal_word_delete', 'animal_word_update']) {
    if (dialect === 'postgres') await sql`drop trigger ${sql.id(trigger)} on animal`.execute(db);
    else await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  if (dialect === 'postgres') {
    for (const fn of ['animal_word_added', 'animal_word_removed', 'animal_word_changed']) {
      await sql`drop function ${sql.id(fn)}()`.execute(db);
    }
  }
  await sql`drop table animal_word`.execute(db);
  for (const index of ['animal_unworded_idx', 'animal_filter_idx', 'search_word_base_idx']) {
    await sql`drop index ${sql.id(index)}`.execute(db);
  }
  if (dialect === 'postgres') {
    await sql`drop view animal_search`.execute(db);
    await sql`drop index animal_search_trgm_idx`.execute(db);
    await sql`drop index animal_price_idx`.execute(db);
    return;
  }
  for (const trigger of ['animal_search_insert', 'animal_search_delete', 'animal_search_update']) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table animal_search`.execute(db);
  await sql`drop index animal_price_search_idx`.execute(db);
  await sql`drop index animal_name_search_idx`.execute(db);
  await sql`create index animal_name_idx on animal (name_key, id)`.execute(db);
}
