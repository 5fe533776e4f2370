/**
 * `npm run restore` on SQLite: checks the backup, takes the database's lock alone (no process has it open), keeps the
 * database it replaces (`shop.db.before-restore-<time>`, its log merged), and renames a flushed copy over it.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { tryExclusive } from '../../process-lock.ts';
import { sqliteLockPath } from '../database.ts';
import { describeSchema, schemaProblem } from './backups.ts';
import { checkSqliteFile, type CheckedFile } from './sqlite-backup-file.ts';

/** A restore that did not happen: `message` says why, in one line; the database is as it was. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

interface Restored {
  checked: CheckedFile;
  /** Where the database it replaced is kept (undefined when there was none). */
  kept: string | undefined;
  /** The schema, as the operator reads it (behind: the next start migrates it). */
  schema: string;
}

const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

function sync(path: string): void {
  const descriptor = openSync(path, 'r');
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** The first bytes of a file, to tell an SQLite file from PostgreSQL's dump. */
function head(path: string): string {
  const bytes = Buffer.alloc(16);
  const descriptor = openSync(path, 'r');
  try {
    readSync(descriptor, bytes, 0, 16, 0);
  } finally {
    closeSync(descriptor);
  }
  return bytes.toString('latin1');
}

/** Checks `file` as a backup this version can restore; its check, or RestoreRefused. */
function checkRestorable(file: string): CheckedFile {
  if (!existsSync(file) || !statSync(file).isFile()) throw new RestoreRefused(`${file}: no such file`);
  if (head(file).startsWith('PGDMP'))
    throw new RestoreRefused(`${file} is a PostgreSQL dump: restore it with DATABASE_URL set (docs/operations.md)`);
  if (!head(file).startsWith('SQLite format 3'))
    throw new RestoreRefused(`${file} is not a backup of the shop (not an SQLite database)`);
  let checked: CheckedFile;
  try {
    checked = checkSqliteFile(file);
  } catch (error) {
    throw new RestoreRefused(`${file} failed its check: ${error instanceof Error ? error.message : String(error)}`);
  }
  const problem = schemaProblem(checked.migrations);
  if (problem) throw new RestoreRefused(`${file} cannot be restored: ${problem}`);
  return checked;
}

/** Merges the database's write-ahead log into it and closes it, so the file alone is the whole database. */
function settle(path: string): void {
  const database = new SQLite(path, { fileMustExist: true });
  try {
    database.pragma('wal_checkpoint(TRUNCATE)');
    database.pragma('journal_mode = DELETE');
  } finally {
    database.close();
  }
  for (const suffix of ['-wal', '-shm', '-journal']) {
    const leftover = `${path}${suffix}`;
    if (!existsSync(leftover)) continue;
    if (suffix === '-wal' && statSync(leftover).size > 0)
      throw new RestoreRefused(`${leftover}: the database's write-ahead log could not be merged; nothing was changed`);
    rmSync(leftover, { force: true });
  }
}

/** Restores the SQLite backup `file` as the database at `databasePath`. */
export async function restoreSqlite(file: string, databasePath: string, at = new Date()): Promise<Restored> {
  const source = resolve(file);
  const target = resolve(databasePath);
  const checked = checkRestorable(source);
  if (source === target) throw new RestoreRefused(`${file} is the database itself`);
  const lock = await tryExclusive(sqliteLockPath(target));
  if (!lock)
    throw new RestoreRefused(
      `DATABASE_PATH=${databasePath} is open in a running server or shop command (it holds ${basename(sqliteLockPath(target))}): stop it, then restore`,
    );
  try {
    let kept: string | undefined;
    if (existsSync(target)) {
      settle(target);
      kept = `${target}.before-restore-${stamp(at)}`;
      try {
        linkSync(target, kept);
      } catch {
        copyFileSync(target, kept); // a file system without hard links
      }
    }
    const incoming = join(dirname(target), `.${basename(target)}.restoring`);
    rmSync(incoming, { force: true });
    try {
      copyFileSync(source, incoming);
      sync(incoming);
      renameSync(incoming, target);
      sync(dirname(target));
    } catch (error) {
      rmSync(incoming, { force: true });
      if (kept) rmSync(kept, { force: true });
      throw new RestoreRefused(
        `copying ${file} failed (${error instanceof Error ? error.message : String(error)}); the database is as it was`,
      );
    }
    return { checked, kept, schema: describeSchema(checked.migrations) };
  } finally {
    lock.release();
  }
}
