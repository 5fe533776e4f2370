/**
 * An SQLite backup file: `VACUUM INTO` from a read-only connection (one read transaction: a snapshot while writers
 * go on), then checked; both in a worker thread (this same file), so the event loop keeps answering.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** What a backup holds, counted (a table an older schema lacks counts 0). */
export interface BackupContents {
  animals: number;
  categories: number;
  pictures: number;
  contentVersions: number;
  contactMessages: number;
}

/** A backup file that passed its check: the migrations it has run, in order, and what it holds. */
export interface CheckedFile {
  migrations: string[];
  contents: BackupContents;
}

const COUNTED: Record<keyof BackupContents, string> = {
  animals: 'animal',
  categories: 'category',
  pictures: 'picture',
  contentVersions: 'content_page_version',
  contactMessages: 'contact_message',
};

/** Kysely's record of the migrations run (its default table). */
const MIGRATION_TABLE = 'kysely_migration';

/** A failure with SQLite's or the system's code kept (SQLITE_FULL, ENOSPC: a full disk). */
export class BackupFileError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'BackupFileError';
    this.code = code;
  }
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

function failure(error: unknown): BackupFileError {
  if (error instanceof BackupFileError) return error;
  const code = codeOf(error);
  return new BackupFileError(
    error instanceof Error ? error.message.split('\n')[0]! : String(error),
    typeof code === 'string' ? code : undefined,
  );
}

/** Opens `path` read-only and checks it (integrity_check, the migrations table); throws a BackupFileError saying what is wrong. */
export function checkSqliteFile(path: string): CheckedFile {
  let file: SQLite.Database;
  try {
    file = new SQLite(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw failure(error);
  }
  try {
    let lines: string[];
    try {
      lines = (file.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check);
    } catch (error) {
      throw failure(error);
    }
    if (lines.length !== 1 || lines[0] !== 'ok')
      throw new BackupFileError(`integrity_check failed: ${lines.slice(0, 3).join('; ')}`, 'SQLITE_CORRUPT');
    const tables = new Set(
      (file.prepare(`select name from sqlite_master where type = 'table'`).all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    if (!tables.has(MIGRATION_TABLE))
      throw new BackupFileError('it is not a database of the shop (no migrations table)');
    const migrations = (
      file.prepare(`select name from ${MIGRATION_TABLE} order by name`).all() as { name: string }[]
    ).map((row) => row.name);
    const contents = Object.fromEntries(
      Object.entries(COUNTED).map(([key, table]) => [
        key,
        tables.has(table) ? (file.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n : 0,
      ]),
    ) as unknown as BackupContents;
    return { migrations, contents };
  } finally {
    file.close();
  }
}

/** `VACUUM INTO target` from a read-only connection to `source`; `target` must not exist. */
function snapshot(source: string, target: string): void {
  const database = new SQLite(source, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    database.prepare('vacuum into ?').run(target);
  } finally {
    database.close();
  }
}

interface SnapshotJob {
  job: 'sqlite-snapshot';
  source: string;
  target: string;
}
type Outcome = { ok: true; checked: CheckedFile } | { ok: false; message: string; code: string | undefined };

function run({ source, target }: SnapshotJob): Outcome {
  try {
    snapshot(source, target);
    return { ok: true, checked: checkSqliteFile(target) };
  } catch (error) {
    const { message, code } = failure(error);
    return { ok: false, message, code };
  }
}

/** Writes the snapshot of `source` to `target` and checks it, in a worker thread. */
export function snapshotSqlite(source: string, target: string): Promise<CheckedFile> {
  const job: SnapshotJob = { job: 'sqlite-snapshot', source, target };
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    let answered = false;
    worker.once('message', (outcome: Outcome) => {
      answered = true;
      if (outcome.ok) resolve(outcome.checked);
      else reject(new BackupFileError(outcome.message, outcome.code));
    });
    worker.once('error', (error) => reject(failure(error)));
    worker.once('exit', (code) => {
      if (!answered) reject(new BackupFileError(`the backup's worker stopped (exit ${code})`));
    });
  });
}

if (!isMainThread && (workerData as SnapshotJob | undefined)?.job === 'sqlite-snapshot')
  parentPort!.postMessage(run(workerData as SnapshotJob));
