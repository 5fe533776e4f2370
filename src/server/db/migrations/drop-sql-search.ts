/** Migration 0018: what SQL text search read and nothing reads now (the catalogue index answers every list). */
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
