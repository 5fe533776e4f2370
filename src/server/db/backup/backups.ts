/**
 * One backup into BACKUP_DIR (SQLite's `VACUUM INTO` or `pg_dump`): written under a hidden name, checked, made durable, then
 * renamed, so a file under a backup's name is always whole and checked.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, type Config } from '../../config.ts';
import { migrationNames } from '../migrations/migrations.ts';
import { isOutOfSpace } from '../out-of-space.ts';
import { backupName, partialName } from './backup-names.ts';
import { dumpPostgres } from './postgres-dump.ts';
import { snapshotSqlite, type BackupContents, type CheckedFile } from './sqlite-backup-file.ts';

export { pruneBackups } from './backup-names.ts';

/** A backup that failed: `message` is its one line; `outOfSpace` when the disk (or PostgreSQL's) filled up. */
export class BackupError extends Error {
  readonly outOfSpace: boolean;
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'BackupError';
    this.outOfSpace = isOutOfSpace(options.cause);
  }
}

export interface BackupTaken {
  file: string;
  bytes: number;
  /** The migrations the backup has run (its schema), oldest first. */
  migrations: string[];
  contents: BackupContents;
  seconds: number;
}

/** Why a backup's schema is not one this version runs: its migrations must be the first of this version's, in order. */
export function schemaProblem(migrations: readonly string[]): string | undefined {
  const known = migrationNames();
  const unknown = migrations.find((name, index) => known[index] !== name);
  if (unknown === undefined) return migrations.length === 0 ? 'it has no migrations at all' : undefined;
  return known.includes(unknown)
    ? `its migrations are not in this version's order (${unknown})`
    : `it was made by a newer version of the shop (migration ${unknown} is unknown here): restore it with that version`;
}

/** How a schema compares with this version's, for the operator. */
export function describeSchema(migrations: readonly string[]): string {
  const behind = migrationNames().length - migrations.length;
  const last = migrations.at(-1) ?? 'none';
  return behind === 0
    ? `schema ${last} (this version's)`
    : `schema ${last}, ${behind} migration(s) behind this version`;
}

/** Flushes a file (or a folder's entries) to the disk. */
function sync(path: string): void {
  const descriptor = openSync(path, 'r');
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

function oneLine(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}

/** Takes a backup of `database` into `dir`; resolves once it is checked and under its name, else rejects with a BackupError. */
export async function takeBackup(
  database: Config['database'],
  dir: string,
  { at = new Date(), before }: { at?: Date | undefined; before?: string | undefined } = {},
): Promise<BackupTaken> {
  const started = performance.now();
  const folder = resolve(dir);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new BackupError(`BACKUP_DIR=${dir}: cannot create the folder (${oneLine(error)})`, { cause: error });
  }
  const name = backupName(folder, at, database.kind === 'sqlite' ? 'db' : 'dump', before);
  const partial = join(folder, partialName(name));
  const file = join(folder, name);
  let checked: CheckedFile;
  try {
    checked =
      database.kind === 'sqlite'
        ? await snapshotSqlite(resolve(database.path), partial)
        : await dumpPostgres(database.url, partial);
    const problem = schemaProblem(checked.migrations);
    if (problem) throw new Error(`the backup does not open with this shop's schema: ${problem}`);
    sync(partial);
    renameSync(partial, file);
    sync(folder);
  } catch (error) {
    rmSync(partial, { force: true });
    const full = isOutOfSpace(error) ? ' (the disk is full; the backups before it are kept)' : '';
    throw new BackupError(`${oneLine(error)}${full}`, { cause: error });
  }
  return {
    file,
    bytes: statSync(file).size,
    migrations: checked.migrations,
    contents: checked.contents,
    seconds: (performance.now() - started) / 1000,
  };
}

/** The one line a backup taken prints: its file, size, what it holds and its schema. */
export function describeBackup(taken: BackupTaken, shown = taken.file): string {
  const { animals, categories, pictures, contentVersions, contactMessages } = taken.contents;
  const size =
    taken.bytes >= 1024 * 1024
      ? `${(taken.bytes / 1024 / 1024).toFixed(1)} MiB`
      : `${Math.ceil(taken.bytes / 1024)} KiB`;
  return (
    `${shown} (${size}, ${taken.bytes} bytes): ${animals} animals, ${categories} categories, ${pictures} pictures, ` +
    `${contentVersions} content versions, ${contactMessages} contact messages; ${describeSchema(taken.migrations)}; ` +
    `checked, in ${taken.seconds.toFixed(1)} s`
  );
}

/** SQLite: the hook before migrations run on a database with a schema: a backup named for the first (its failure stops the start). */
export function backupBeforeMigrating(
  config: Pick<Config, 'database' | 'backup'>,
  taken: (backup: BackupTaken) => void = () => {},
): ((pending: string[]) => Promise<void>) | undefined {
  if (config.database.kind !== 'sqlite') return undefined;
  const database = config.database;
  return async (pending) => {
    let backup: BackupTaken;
    try {
      backup = await takeBackup(database, config.backup.dir, { before: pending[0] });
    } catch (error) {
      throw new ConfigError(
        `BACKUP_DIR=${config.backup.dir}: the backup before migrating to ${pending.at(-1)} failed, so the database was not migrated: ${oneLine(error)}`,
      );
    }
    console.log(`before migrating to ${pending.at(-1)}: backup ${describeBackup(backup)}`);
    taken(backup);
  };
}
