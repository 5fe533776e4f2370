/**
 * Opens the shop's database: SQLite (embedded, the default) or PostgreSQL, behind one
 * Kysely instance so that every query is written once.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Config } from '../config.ts';
import type { ShopDatabase, ShopTables } from './tables.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface OpenDatabase {
  db: ShopDatabase;
  dialect: DialectName;
  close(): Promise<void>;
}

export async function openDatabase(database: Config['database']): Promise<OpenDatabase> {
  if (database.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle connection can fail (PostgreSQL restarted, or an administrator ended it). The pool drops
    // it and opens another when needed; without a listener, the 'error' event would end the process.
    pool.on('error', (error) => console.error(`[db] an idle PostgreSQL connection failed and was dropped: ${error.message}`));
    const db = new Kysely<ShopTables>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const { default: SQLite } = await import('better-sqlite3');
  if (database.path !== ':memory:') mkdirSync(dirname(database.path), { recursive: true });
  const sqlite = new SQLite(database.path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<ShopTables>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
