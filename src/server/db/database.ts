/** Opens the database, SQLite (the default) or PostgreSQL, behind one Kysely instance: every query is written once. */
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import { ConfigError, type Config } from '../config.ts';
import { holdShared, LockHeldError } from '../process-lock.ts';
import { holdPostgresConnection } from './postgres-holder.ts';
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
  /** Adds who is told of every statement from now on (each server's metrics: src/server/operations/metrics.ts). */
  observeStatements(observer: StatementObserver): void;
  /** PostgreSQL's pool: connections open, idle, and requests waiting for one; undefined on SQLite. */
  pool(): { total: number; idle: number; waiting: number } | undefined;
}

/** Kysely's log hook, passing each statement's duration to the observers added later. */
function statementLog() {
  const observers = new Set<StatementObserver>();
  return {
    log: (event: LogEvent) => {
      for (const observer of observers) observer(event.queryDurationMillis / 1000, event.level === 'error');
    },
    observe: (next: StatementObserver) => void observers.add(next),
  };
}

/** Which database a Kysely instance (or transaction) talks to, for the few writers whose SQL differs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

const BUSY_TIMEOUT_MS = 5000;

/** The lock every process holds shared while it has the SQLite file open: `npm run restore` replaces the file only when it takes it alone. */
export const sqliteLockPath = (path: string) => `${path}.lock`;

/** PostgreSQL knows each connection's application name: `npm run restore` names the shop's by it (./postgres-holder.ts). */
const POSTGRES_APPLICATION_NAME = 'hanut-hatiflatzim';
/** How long opening a PostgreSQL connection may take before it fails (an unreachable host must not hang a start). */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Write-ahead logging, so readers never wait for the writer. Several servers switching one new file to WAL at once may
 * get SQLITE_BUSY at once (SQLite refuses rather than deadlock): retried for as long as the busy timeout would wait.
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
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: POSTGRES_APPLICATION_NAME,
    });
    // An idle connection can fail (PostgreSQL restarted); without a listener its 'error' would end the process.
    pool.on('error', (error) =>
      console.error(`[db] an idle PostgreSQL connection failed and was dropped: ${error.message}`),
    );
    const holder = await holdPostgresConnection(database.url, POSTGRES_APPLICATION_NAME, CONNECT_TIMEOUT_MS);
    const statements = statementLog();
    const db = new Kysely<ShopTables>({ dialect: new PostgresDialect({ pool }), log: statements.log });
    return {
      db,
      dialect: 'postgres',
      close: async () => {
        await db.destroy();
        await holder.close();
      },
      observeStatements: statements.observe,
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const { default: SQLite } = await import('better-sqlite3');
  prepareSqlitePath(database.path);
  const lock =
    database.path === ':memory:'
      ? undefined
      : await holdShared(sqliteLockPath(database.path), BUSY_TIMEOUT_MS).catch((error: unknown) => {
          if (!(error instanceof LockHeldError)) throw error;
          throw new ConfigError(
            `DATABASE_PATH=${database.path}: a restore (npm run restore) is replacing this database; start again once it has finished`,
          );
        });
  let sqlite;
  try {
    sqlite = new SQLite(database.path, { timeout: BUSY_TIMEOUT_MS });
    await switchToWal(sqlite);
    sqlite.pragma('foreign_keys = ON');
  } catch (error) {
    sqlite?.close();
    lock?.release();
    throw error;
  }
  const statements = statementLog();
  const db = new Kysely<ShopTables>({ dialect: new SqliteDialect({ database: sqlite }), log: statements.log });
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await db.destroy();
      lock?.release();
    },
    observeStatements: statements.observe,
    pool: () => undefined,
  };
}
