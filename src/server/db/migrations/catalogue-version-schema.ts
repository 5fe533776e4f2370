/** The catalogue version: one row with a token that triggers replace on every write to `animal` or `category`, by any process. */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.ts';

/** Migration 0004 (its catalogue-version half): the table, its row and the triggers. */
export async function createCatalogueVersion(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await sql`create table catalogue_version (id integer primary key, version text not null)`.execute(db);
  if (dialect === 'postgres') {
    await sql`insert into catalogue_version (id, version) values (1, md5(random()::text))`.execute(db);
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
}

/** Migration 0007: when the catalogue last changed (the sitemaps' `lastmod`), set by the same triggers. */
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
