/**
 * Opens the shop's database: SQLite (embedded, the default) or PostgreSQL, behind one
 * Kysely instance so that every query is written once.
 */
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import type { Config } from '../config.ts';
import { prepareSqlitePath } from './sqlite-path.ts';
import type { ShopDatabase, ShopTables } from './tables.ts';

export type DialectName = 'sqlite' | 'postgres';
export const DIALECTS: readonly DialectName[] = ['sqlite', 'postgres'];

/** Told of every statement: how long it took, and whether it failed (the metrics count them). */
type StatementObserver = (seconds: number, failed: boolean) => void;

export interface OpenDatabase {
  db: ShopDatabase;
  dialect: DialectName;
  close(): Promise<void>;
  /** Who is told of every statement from now on (one observer; src/server/operations/metrics.ts). */
  observeStatements(observer: StatementObserver): void;
  /** PostgreSQL's pool: connections open, idle, and requests waiting for one; undefined on SQLite. */
  pool(): { total: number; idle: number; waiting: number } | undefined;
}

/** Kysely's log hook, passing each statement's duration to the observer set later (if any). */
function statementLog() {
  let observer: StatementObserver | undefined;
  return {
    log: (event: LogEvent) => observer?.(event.queryDurationMillis / 1000, event.level === 'error'),
    observe: (next: StatementObserver) => {
      observer = next;
    },
  };
}

/**
 * Which database a Kysely instance (or a transaction of one) talks to, for the few writers whose SQL
 * differs (./migrations/animal-word-schema.ts). Read from its dialect's adapter.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

const BUSY_TIMEOUT_MS = 5000;
/** How long opening a PostgreSQL connection may take before it fails (an unreachable host must not hang a start). */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Write-ahead logging, so readers never wait for the writer. Switching a fresh file to WAL takes
 * an exclusive lock, and when several servers open one new database at once SQLite may answer
 * SQLITE_BUSY at once (two readers both upgrading: it refuses rather than deadlock, without the
 * busy handler). Such a refusal is retried for as long as the busy timeout would have waited.
 */
async function switchToWal(sqlite: { pragma(source: string): unknown }): Promise<void> {
  const giveUpAt = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      sqlite.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code?.startsWith('SQLITE_BUSY');
      if (!busy || Date.now() > giveUpAt) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
    }
  }
}

export async function openDatabase(database: Config['database']): Promise<OpenDatabase> {
  if (database.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: database.url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // An idle connection can fail (PostgreSQL restarted, or an administrator ended it). The pool drops
    // it and opens another when needed; without a listener, the 'error' event would end the process.
    pool.on('error', (error) =>
      console.error(`[db] an idle PostgreSQL connection failed and was dropped: ${error.message}`),
    );
    const statements = statementLog();
    const db = new Kysely<ShopTables>({ dialect: new PostgresDialect({ pool }), log: statements.log });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      observeStatements: statements.observe,
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const { default: SQLite } = await import('better-sqlite3');
  prepareSqlitePath(database.path);
  const sqlite = new SQLite(database.path, { timeout: BUSY_TIMEOUT_MS });
  await switchToWal(sqlite);
  sqlite.pragma('foreign_keys = ON');
  const statements = statementLog();
  const db = new Kysely<ShopTables>({ dialect: new SqliteDialect({ database: sqlite }), log: statements.log });
  return {
    db,
    dialect: 'sqlite',
    close: () => db.destroy(),
    observeStatements: statements.observe,
    pool: () => undefined,
  };
}
