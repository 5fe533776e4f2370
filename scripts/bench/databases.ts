/** The throwaway databases `npm run bench` seeds and measures. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/server/config.ts';
import type { DialectName } from '../../src/server/db/database.ts';
import { replaceCatalogue, type CatalogueRows } from '../../src/server/db/seed/seed.ts';
import { openShop } from '../../src/server/shop.ts';
import { createDatabaseOn, type FreshDatabase } from '../postgres-database.ts';

const TEST_POSTGRES = fileURLToPath(new URL('../test-postgres.sh', import.meta.url));

interface BenchDatabase {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

function sh(args: string[]): { ok: boolean; out: string } {
  const run = spawnSync('bash', [TEST_POSTGRES, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return { ok: run.status === 0, out: run.stdout.trim() };
}

/**
 * A throwaway database of `kind`: a temp SQLite file; for PostgreSQL a fresh database on
 * BENCH_DATABASE_URL, on a throwaway server already on `postgresPort`, or on one started there.
 */
export async function openBenchDatabase(kind: DialectName, postgresPort: number): Promise<BenchDatabase> {
  if (kind === 'sqlite') {
    const folder = mkdtempSync(join(tmpdir(), 'shop-bench-'));
    return {
      env: { DATABASE_PATH: join(folder, 'shop.db') },
      dispose: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  let serverUrl = process.env.BENCH_DATABASE_URL?.trim();
  let stopServer = false;
  if (!serverUrl) {
    const running = spawnSync('bash', [TEST_POSTGRES, 'url', String(postgresPort)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    if (running.status === 0) {
      serverUrl = running.stdout.trim();
    } else {
      const started = sh(['start', String(postgresPort)]);
      if (!started.ok) throw new Error('could not start a throwaway PostgreSQL (scripts/test-postgres.sh)');
      serverUrl = started.out;
      stopServer = true;
    }
  }
  let database: FreshDatabase;
  try {
    database = await createDatabaseOn(serverUrl);
  } catch (error) {
    if (stopServer) sh(['stop', String(postgresPort)]);
    throw error;
  }
  return {
    env: { DATABASE_URL: database.url },
    async dispose() {
      await database.drop();
      if (stopServer) sh(['stop', String(postgresPort)]);
    },
  };
}

/**
 * A catalogue change made behind the server's back, as another process or server would make it: a
 * direct SQL update of one animal's price and stock (the catalogue's triggers replace its version).
 * `change(id)` makes one; `close()` ends the connection.
 */
export async function catalogueChanger(
  env: Record<string, string>,
): Promise<{ change(id: string): Promise<void>; close(): Promise<void> }> {
  const shop = await openShop(loadConfig({ ...env, SEED_ON_START: 'false' }));
  return {
    async change(id) {
      await shop.database.db
        .updateTable('animal')
        .set((eb) => ({ price: eb('price', '+', 1), count_in_stock: eb('count_in_stock', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
    close: () => shop.close(),
  };
}

/** Loads `rows` as the whole catalogue; the time it took, in ms. */
export async function seed(env: Record<string, string>, rows: CatalogueRows): Promise<number> {
  const shop = await openShop(loadConfig({ ...env, SEED_ON_START: 'false' }));
  const started = performance.now();
  try {
    await replaceCatalogue(shop.database.db, rows);
  } finally {
    await shop.close();
  }
  return performance.now() - started;
}
