/**
 * Migration 0015: the change feed. Every write to `animal` or `category` moves `catalogue_version.seq` by one and adds
 * a `catalogue_change` row per animal or category, from the triggers that replace the version token. The number
 * is taken by updating the one version row, locked until commit: numbers follow commit order, so a reader that
 * sees n sees every change below it.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../database.ts';

/** Milliseconds since 1970 by the database's clock (what `catalogue_change.at` holds; pruning compares it). */
export const NOW_MS: Record<DialectName, RawBuilder<number>> = {
  sqlite: sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`,
  postgres: sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`,
};

const SQLITE_BUMP = sql`
  update catalogue_version
    set seq = seq + 1, version = lower(hex(randomblob(16))), changed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    where id = 1`;

const POSTGRES_BUMP = sql`
  update catalogue_version
    set seq = seq + 1,
        version = md5(random()::text || clock_timestamp()::text),
        changed_at = to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    where id = 1
    returning seq into next`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const [table, kind] of [
    ['animal', 'animal'],
    ['category', 'category'],
  ] as const) {
    const change = (row: 'new' | 'old', when = sql``) =>
      sql`insert into catalogue_change (seq, kind, id, at)
        select seq, ${sql.lit(kind)}, ${sql.raw(row)}.id, ${NOW_MS.sqlite} from catalogue_version where id = 1 ${when}`;
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.id(`${table}_version_${event}`)}`.execute(db);
    }
    await sql`create trigger ${sql.id(`${table}_change_insert`)} after insert on ${sql.table(table)}
      begin ${SQLITE_BUMP}; ${change('new')}; end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_change_update`)} after update on ${sql.table(table)}
      begin ${SQLITE_BUMP}; ${change('new')}; ${change('old', sql`and old.id <> new.id`)}; end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_change_delete`)} after delete on ${sql.table(table)}
      begin ${SQLITE_BUMP}; ${change('old')}; end`.execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // One number per statement that wrote rows, its rows from its transition tables; TG_ARGV[0]: the kind.
  const functions: [name: string, ids: string][] = [
    ['catalogue_change_inserted', 'select id from added'],
    ['catalogue_change_deleted', 'select id from removed'],
    ['catalogue_change_updated', 'select id from earlier union select id from later'],
  ];
  for (const [name, ids] of functions) {
    await sql`create function ${sql.id(name)}() returns trigger language plpgsql as $$
      declare next bigint;
      begin
        if not exists (${sql.raw(ids)}) then return null; end if;
        ${POSTGRES_BUMP};
        insert into catalogue_change (seq, kind, id, at)
          select distinct next, TG_ARGV[0], changed.id, ${NOW_MS.postgres} from (${sql.raw(ids)}) as changed;
        return null;
      end $$`.execute(db);
  }
  // Truncating a table says nothing of its rows: a change of everything.
  await sql`create function catalogue_change_truncated() returns trigger language plpgsql as $$
    declare next bigint;
    begin
      ${POSTGRES_BUMP};
      insert into catalogue_change (seq, kind, id, at) values (next, 'all', '', ${NOW_MS.postgres});
      return null;
    end $$`.execute(db);
  for (const table of ['animal', 'category']) {
    const kind = sql.lit(table);
    await sql`drop trigger ${sql.id(`${table}_version`)} on ${sql.table(table)}`.execute(db);
    await sql`create trigger ${sql.id(`${table}_change_insert`)} after insert on ${sql.table(table)}
      referencing new table as added for each statement execute function catalogue_change_inserted(${kind})`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${table}_change_delete`)} after delete on ${sql.table(table)}
      referencing old table as removed for each statement execute function catalogue_change_deleted(${kind})`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${table}_change_update`)} after update on ${sql.table(table)}
      referencing old table as earlier new table as later
      for each statement execute function catalogue_change_updated(${kind})`.execute(db);
    await sql`create trigger ${sql.id(`${table}_change_truncate`)} after truncate on ${sql.table(table)}
      for each statement execute function catalogue_change_truncated()`.execute(db);
  }
  await sql`drop function bump_catalogue_version()`.execute(db);
}

export async function catalogueChanges(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const integer = dialect === 'postgres' ? sql`bigint` : sql`integer`;
  await sql`alter table catalogue_version add column seq ${integer} not null default 0`.execute(db);
  await sql`
    create table catalogue_change (
      seq ${integer} not null,
      kind text not null,
      id text not null,
      at ${integer} not null
    )`.execute(db);
  await sql`create index catalogue_change_seq_idx on catalogue_change (seq)`.execute(db);
  await sql`create index catalogue_change_at_idx on catalogue_change (at)`.execute(db);
  await (dialect === 'postgres' ? postgresTriggers(db) : sqliteTriggers(db));
}
