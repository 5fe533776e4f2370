/**
 * `npm run restore` on PostgreSQL: the dump is checked, restored in one transaction into a new database, then the two are
 * swapped by renaming (the old one kept as `<name>_before_restore_<time>`); PostgreSQL refuses while a server is connected.
 */
import pg from 'pg';
import { describeSchema, schemaProblem } from './backups.ts';
import { runPostgresProgram } from './postgres-dump.ts';
import { RestoreRefused } from './restore.ts';
import type { BackupContents } from './sqlite-backup-file.ts';

const COUNTED: Record<keyof BackupContents, string> = {
  animals: 'animal',
  categories: 'category',
  pictures: 'picture',
  contentVersions: 'content_page_version',
  contactMessages: 'contact_message',
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'z')
    .toLowerCase();
const oneLine = (text: string) => text.trim().split('\n').filter(Boolean).at(-1) ?? 'failed';

/** The migrations a dump holds: its kysely_migration rows, as pg_restore prints them. */
async function dumpedMigrations(file: string, url: string): Promise<string[]> {
  const listed = await runPostgresProgram('pg_restore', ['--list', file], url);
  if (listed.code !== 0)
    throw new RestoreRefused(`${file} is not a PostgreSQL dump pg_restore reads: ${oneLine(listed.stderr)}`);
  const data = await runPostgresProgram(
    'pg_restore',
    ['--data-only', '--table=kysely_migration', '--file=-', file],
    url,
  );
  const copy = /^COPY \S*kysely_migration .*FROM stdin;\n([\s\S]*?)^\\\.$/m.exec(data.stdout);
  if (data.code !== 0 || !copy) throw new RestoreRefused(`${file} is not a backup of the shop (no migrations in it)`);
  return copy[1]!
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t')[0]!)
    .sort();
}

/** A connection to `url`'s server, in another database than the shop's (so the shop's can be renamed). */
async function maintenance(url: string): Promise<pg.Client> {
  for (const database of ['postgres', 'template1']) {
    const other = new URL(url);
    other.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: other.toString(), application_name: 'hanut-hatiflatzim restore' });
    try {
      await client.connect();
      return client;
    } catch {
      await client.end().catch(() => {});
    }
  }
  throw new RestoreRefused(
    'cannot connect to the PostgreSQL server outside the shop\'s database (to the "postgres" database)',
  );
}

/** Who is connected to `database`: application names and counts, for the refusal. */
async function connectedTo(client: pg.Client, database: string): Promise<string> {
  const { rows } = await client.query<{ name: string; count: string }>(
    `select coalesce(nullif(application_name, ''), 'another client') as name, count(*) as count
       from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() group by 1 order by 1`,
    [database],
  );
  return rows.map((row) => `${row.count} × ${row.name}`).join(', ');
}

async function countIn(url: string): Promise<BackupContents> {
  const client = new pg.Client({ connectionString: url, application_name: 'hanut-hatiflatzim restore' });
  await client.connect();
  try {
    const contents = {} as BackupContents;
    for (const [key, table] of Object.entries(COUNTED) as [keyof BackupContents, string][]) {
      const { rows } = await client.query<{ n: string | null }>(
        `select case when to_regclass($1) is null then null else 0 end as n`,
        [table],
      );
      contents[key] =
        rows[0]!.n === null
          ? 0
          : Number((await client.query<{ n: string }>(`select count(*) as n from ${quote(table)}`)).rows[0]!.n);
    }
    return contents;
  } finally {
    await client.end();
  }
}

/** Restores the dump `file` as DATABASE_URL's database; what to print. */
export async function restorePostgres(file: string, url: string, at = new Date()): Promise<string> {
  const migrations = await dumpedMigrations(file, url);
  const problem = schemaProblem(migrations);
  if (problem) throw new RestoreRefused(`${file} cannot be restored: ${problem}`);
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!name) throw new RestoreRefused('DATABASE_URL names no database');
  const incoming = `${name.slice(0, 40)}_restoring_${stamp(at)}`;
  const kept = `${name.slice(0, 40)}_before_restore_${stamp(at)}`;
  const client = await maintenance(url);
  try {
    const connected = await connectedTo(client, name);
    if (connected)
      throw new RestoreRefused(
        `the database ${name} is in use (${connected}: every running server keeps a connection open): stop every server and shop command, then restore`,
      );
    const { rows } = await client.query<{ collate: string; ctype: string }>(
      'select datcollate as collate, datctype as ctype from pg_database where datname = $1',
      [name],
    );
    const locale = rows[0] ? ` lc_collate '${rows[0].collate}' lc_ctype '${rows[0].ctype}'` : '';
    await client.query(`create database ${quote(incoming)} template template0 encoding 'UTF8'${locale}`);
    const target = new URL(url);
    target.pathname = `/${encodeURIComponent(incoming)}`;
    try {
      const restored = await runPostgresProgram(
        'pg_restore',
        ['--single-transaction', '--exit-on-error', '--no-owner', `--dbname=${incoming}`, file],
        target.toString(),
      );
      if (restored.code !== 0) throw new RestoreRefused(`pg_restore failed: ${oneLine(restored.stderr)}`);
      const contents = await countIn(target.toString());
      if (rows[0]) await client.query(`alter database ${quote(name)} rename to ${quote(kept)}`);
      try {
        await client.query(`alter database ${quote(incoming)} rename to ${quote(name)}`);
      } catch (error) {
        if (rows[0]) await client.query(`alter database ${quote(kept)} rename to ${quote(name)}`);
        throw error;
      }
      return (
        `restored ${file} as the database ${name}: ${contents.animals} animals, ${contents.categories} categories, ` +
        `${contents.pictures} pictures, ${contents.contentVersions} content versions, ${contents.contactMessages} contact messages; ` +
        `${describeSchema(migrations)}` +
        (rows[0]
          ? `\nthe database it replaced is kept as ${kept} (rename it back to undo; drop it once you are sure)`
          : '')
      );
    } catch (error) {
      await client.query(`drop database if exists ${quote(incoming)}`).catch(() => {});
      if (error instanceof RestoreRefused) throw error;
      const code = (error as { code?: string }).code;
      if (code === '55006')
        throw new RestoreRefused(
          `the database ${name} is in use (${await connectedTo(client, name)}): stop every server and shop command, then restore`,
        );
      throw new RestoreRefused(
        `the restore failed: ${error instanceof Error ? oneLine(error.message) : String(error)}`,
      );
    }
  } finally {
    await client.end().catch(() => {});
  }
}
