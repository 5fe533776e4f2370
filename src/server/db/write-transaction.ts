/** One write transaction: SQLite `begin immediate` (a writer elsewhere waits for the lock); PostgreSQL's read committed with version guards. */
import { sql, type Kysely } from 'kysely';
import type { OpenDatabase } from './database.ts';
import type { ShopTables } from './tables.ts';

export type WriteDatabase = Pick<OpenDatabase, 'db' | 'dialect'> & {
  /** After every committed write: the version reader forgets its reading, so this server shows the change at once. */
  afterCommit?: () => void;
};

export async function inWriteTransaction<T>(
  database: WriteDatabase,
  work: (trx: Kysely<ShopTables>) => Promise<T>,
): Promise<T> {
  const result = await inTransaction(database, work);
  database.afterCommit?.();
  return result;
}

async function inTransaction<T>(
  { db, dialect }: WriteDatabase,
  work: (trx: Kysely<ShopTables>) => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres') return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    let result: T;
    try {
      result = await work(connection);
    } catch (error) {
      // SQLite may have rolled back by itself (a full disk does that): the error to report is the first one.
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
    await sql`commit`.execute(connection);
    return result;
  });
}

/** Is this the database refusing a second row with the same unique value (a slug)? */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
