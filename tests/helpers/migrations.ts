import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../src/server/db/database.ts';
/** Every migration of src/server/db/migrations/migrations.ts, in order: a fresh database must have run each exactly once. */
export const MIGRATION_NAMES = [
  '0001_catalogue',
  '0002_contact',
  '0003_search_index',
  '0004_search_trigram',
  '0005_hebrew_name_order',
  '0006_contact_idempotency',
  '0007_catalogue_changed_at',
  '0008_search_words',
  '0009_catalogue_owner',
  '0010_hidden_animals_index',
  '0011_pictures',
  '0012_animal_words',
  '0013_name_words_and_unworded_indexes',
  '0014_unfound_searches',
  '0015_catalogue_changes',
  '0016_content_pages',
  '0017_drop_unread_word_indexes',
] as const;

/**
 * Undoes migration 0015 (the change feed), as if the database had been written before it: the
 * catalogue-version triggers of 0004/0007 back, the feed's table, column and triggers gone.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a schema older than the catalogue's types
export async function undoCatalogueChanges(db: Kysely<any>, dialect: DialectName): Promise<void> {
  for (const table of ['animal', 'category']) {
    for (const event of ['insert', 'update', 'delete', ...(dialect === 'postgres' ? ['truncate'] : [])]) {
      const trigger = sql.id(`${table}_change_${event}`);
      await (
        dialect === 'postgres' ? sql`drop trigger ${trigger} on ${sql.table(table)}` : sql`drop trigger ${trigger}`
      ).execute(db);
    }
  }
  if (dialect === 'postgres') {
    for (const fn of ['inserted', 'deleted', 'updated', 'truncated']) {
      await sql`drop function ${sql.id(`catalogue_change_${fn}`)}`.execute(db);
    }
    await sql`create function bump_catalogue_version() returns trigger language plpgsql as $$
      begin
        update catalogue_version set version = md5(random()::text || clock_timestamp()::text),
          changed_at = to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') where id = 1;
        return null;
      end $$`.execute(db);
    for (const table of ['animal', 'category']) {
      await sql`create trigger ${sql.id(`${table}_version`)} after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function bump_catalogue_version()`.execute(db);
    }
  } else {
    for (const table of ['animal', 'category']) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.id(`${table}_version_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
          begin update catalogue_version set version = lower(hex(randomblob(16))),
            changed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where id = 1; end`.execute(db);
      }
    }
  }
  await sql`drop table catalogue_change`.execute(db);
  await sql`alter table catalogue_version drop column seq`.execute(db);
  await sql`delete from kysely_migration where name = '0015_catalogue_changes'`.execute(db);
}
