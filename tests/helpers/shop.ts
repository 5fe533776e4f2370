/**
 * A shop on a throwaway database, for tests: SQLite in a temp folder (the default), or a fresh
 * PostgreSQL database on the TEST_DATABASE_URL server. Either way migrated and (unless
 * SEED_ON_START=false) seeded, exactly as the server opens it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config.ts';
import { DIALECTS, type DialectName } from '../../src/server/db/database.ts';
import { replaceCatalogue, type CatalogueRows } from '../../src/server/db/seed/seed.ts';
import { openShop, type Shop } from '../../src/server/shop.ts';
import { apiClient } from './front-server.ts';
import { createPostgresDatabase } from './postgres.ts';

export type DatabaseKind = DialectName;
export const DATABASE_KINDS = DIALECTS;

export interface TestShop extends Shop {
  /** Calls the API with a path under /api, through the production server on a socket. */
  get: (path: string, headers?: Record<string, string>) => Promise<Response>;
  request: (path: string, init?: RequestInit) => Promise<Response>;
  dispose(): Promise<void>;
}

export interface FreshLocation {
  /** The settings that point a shop at the new database (DATABASE_URL / DATABASE_PATH). */
  env: Record<string, string>;
  remove: () => Promise<void>;
}

/** A new, empty database of the given kind: a temp SQLite file, or a fresh PostgreSQL database. */
export async function freshDatabase(database: DatabaseKind): Promise<FreshLocation> {
  if (database === 'postgres') {
    const fresh = await createPostgresDatabase();
    return { env: { DATABASE_URL: fresh.url }, remove: fresh.drop };
  }
  const folder = mkdtempSync(join(tmpdir(), 'shop-test-'));
  return {
    env: { DATABASE_URL: '', DATABASE_PATH: join(folder, 'shop.db') },
    remove: async () => rmSync(folder, { recursive: true, force: true }),
  };
}

export async function openTestShop(
  env: Record<string, string> = {},
  database: DatabaseKind = 'sqlite',
): Promise<TestShop> {
  const { env: location, remove } = await freshDatabase(database);
  let shop: Shop;
  try {
    // Tests change the catalogue and read it back at once: no kept answers unless a test asks for them.
    const settings = { CACHE_ENTRIES: '0', ...env, ...location };
    shop = await openShop(loadConfig(settings), { ...process.env, ...settings });
  } catch (error) {
    await remove();
    throw error;
  }
  const client = apiClient(shop);
  return {
    ...shop,
    request: client.request,
    get: (path, headers = {}) => client.request(path, { headers }),
    async dispose() {
      await client.close();
      await shop.close();
      await remove();
    },
  };
}

/** A test shop whose catalogue is exactly `rows` (not the seed), on `database`. */
export async function openTestShopWith(rows: CatalogueRows, database: DatabaseKind = 'sqlite'): Promise<TestShop> {
  const shop = await openTestShop({ SEED_ON_START: 'false' }, database);
  await replaceCatalogue(shop.database.db, rows);
  return shop;
}
