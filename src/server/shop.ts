/**
 * The running shop's server side: configuration, database (migrated and seeded on
 * first use), catalogue queries and the API. One per process, opened on first use.
 */
import { createApi } from './api/router.ts';
import { loadConfig, type Config } from './config.ts';
import { openDatabase, type OpenDatabase } from './db/database.ts';
import { migrate } from './db/migrations.ts';
import { createCatalogue, type Catalogue } from './db/queries.ts';
import { seedIfEmpty } from './db/seed.ts';

export interface Shop {
  config: Config;
  database: OpenDatabase;
  catalogue: Catalogue;
  api: (request: Request) => Promise<Response>;
  close(): Promise<void>;
}

export async function openShop(config: Config): Promise<Shop> {
  const database = await openDatabase(config.database);
  try {
    await migrate(database.db, database.dialect);
    if (config.seedOnStart) await seedIfEmpty(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const catalogue = createCatalogue(database.db);
  return {
    config,
    database,
    catalogue,
    api: createApi({ catalogue, config }),
    close: () => database.close(),
  };
}

let current: Promise<Shop> | undefined;

/** The process's shop, opened from the environment on first call. */
export function getShop(): Promise<Shop> {
  current ??= openShop(loadConfig()).catch((error: unknown) => {
    current = undefined;
    throw error;
  });
  return current;
}
