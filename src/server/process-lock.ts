/**
 * A lock the operating system drops with its process (`kill -9` included): SQLite's POSIX lock on a small file beside what
 * it guards. Users hold it shared (exclusive locking mode keeps a SHARED lock until close); one who must be alone takes it exclusively.
 */
import type BetterSqlite3 from 'better-sqlite3';

export interface HeldLock {
  readonly path: string;
  release(): void;
}

async function openLockFile(path: string, waitMs: number): Promise<BetterSqlite3.Database> {
  const { default: SQLite } = await import('better-sqlite3');
  return new SQLite(path, { timeout: waitMs });
}

const isBusy = (error: unknown) => (error as { code?: string } | null)?.code?.startsWith('SQLITE_BUSY') === true;

/** Another process holds the lock the other way (a restore under way, or servers using what is guarded). */
export class LockHeldError extends Error {
  readonly path: string;
  constructor(path: string) {
    super(`${path} is held by another process`);
    this.name = 'LockHeldError';
    this.path = path;
  }
}

/** Holds the lock shared until `release()` (or the process ends); waits up to `waitMs` for an exclusive holder. */
export async function holdShared(path: string, waitMs = 5000): Promise<HeldLock> {
  const file = await openLockFile(path, waitMs);
  try {
    file.pragma('locking_mode = EXCLUSIVE');
    file.prepare('select count(*) from sqlite_master').get();
  } catch (error) {
    file.close();
    throw isBusy(error) ? new LockHeldError(path) : error;
  }
  return { path, release: () => file.close() };
}

/** The lock, exclusively, or undefined at once when any other process holds it. */
export async function tryExclusive(path: string): Promise<HeldLock | undefined> {
  const file = await openLockFile(path, 0);
  try {
    file.exec('begin exclusive');
  } catch (error) {
    file.close();
    if (isBusy(error)) return undefined;
    throw error;
  }
  return {
    path,
    release: () => {
      file.exec('rollback');
      file.close();
    },
  };
}
