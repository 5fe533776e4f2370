/**
 * A PostgreSQL backup: `pg_dump --format=custom` of one snapshot, counted in that snapshot (`--snapshot`), checked by
 * `pg_restore --list`. Without PostgreSQL's client programs it fails with a line naming the program.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { BackupFileError, type BackupContents, type CheckedFile } from './sqlite-backup-file.ts';

const COUNTED: Record<keyof BackupContents, string> = {
  animals: 'animal',
  categories: 'category',
  pictures: 'picture',
  contentVersions: 'content_page_version',
  contactMessages: 'contact_message',
};

/** The libpq environment for `url`: the password travels there, not on a command line others can read. */
function postgresEnvironment(url: string): Record<string, string> {
  const parsed = new URL(url);
  const env: Record<string, string> = {
    PGHOST: decodeURIComponent(parsed.hostname.replace(/^\[|\]$/g, '')) || 'localhost',
    PGPORT: parsed.port || '5432',
    PGDATABASE: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || decodeURIComponent(parsed.username),
  };
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs one of PostgreSQL's client programs; its exit code and what it wrote. */
export function runPostgresProgram(
  program: 'pg_dump' | 'pg_restore' | 'psql',
  args: string[],
  url: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: { ...process.env, ...postgresEnvironment(url) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupFileError(
              `${program} is not installed: PostgreSQL backups need PostgreSQL's client programs (Debian: apt-get install postgresql-client), of the server's version or newer`,
              'ENOENT',
            )
          : new BackupFileError(`${program} could not run: ${error.message}`, error.code),
      ),
    );
    child.once('close', (code) =>
      resolve({
        code: code ?? 1,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
  });
}

/** A program's failure in one line, with ENOSPC as its code when the disk filled up. */
function programFailure(program: string, stderr: string): BackupFileError {
  const line = stderr.trim().split('\n').filter(Boolean).at(-1) ?? 'failed';
  const full = /no space left on device|could not extend file|disk full/i.test(stderr);
  return new BackupFileError(`${program}: ${line.replace(/^\S+:\s*/, '')}`, full ? 'ENOSPC' : undefined);
}

/** `pg_restore --list`: the dump reads, and holds the data of each of `tables`. */
async function checkDump(file: string, url: string, tables: string[]): Promise<void> {
  const listed = await runPostgresProgram('pg_restore', ['--list', file], url);
  if (listed.code !== 0) throw programFailure('pg_restore --list', listed.stderr);
  const missing = tables.filter((table) => !new RegExp(`TABLE DATA \\S+ ${table} `).test(listed.stdout));
  if (missing.length > 0) throw new BackupFileError(`the dump lacks the data of ${missing.join(', ')}`);
}

/** Dumps the database at `url` into `target` (custom format) and checks it. */
export async function dumpPostgres(url: string, target: string): Promise<CheckedFile> {
  const client = new pg.Client({ connectionString: url, application_name: 'hanut-hatiflatzim backup' });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const present = new Set(
      (
        await client.query<{ name: string }>(
          `select table_name as name from information_schema.tables where table_schema = current_schema()`,
        )
      ).rows.map((row) => row.name),
    );
    if (!present.has('kysely_migration'))
      throw new BackupFileError('it is not a database of the shop (no migrations table)');
    const migrations = (
      await client.query<{ name: string }>('select name from kysely_migration order by name')
    ).rows.map((row) => row.name);
    const contents = {} as BackupContents;
    for (const [key, table] of Object.entries(COUNTED) as [keyof BackupContents, string][]) {
      contents[key] = present.has(table)
        ? Number((await client.query<{ n: string }>(`select count(*) as n from "${table}"`)).rows[0]!.n)
        : 0;
    }
    const dumped = await runPostgresProgram(
      'pg_dump',
      ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${target}`, '--no-password'],
      url,
    );
    if (dumped.code !== 0) throw programFailure('pg_dump', dumped.stderr);
    await client.query('commit');
    await checkDump(target, url, ['kysely_migration', ...Object.values(COUNTED).filter((table) => present.has(table))]);
    return { migrations, contents };
  } finally {
    await client.end().catch(() => {});
  }
}
