/** The running shop's server side: configuration, database (migrated and seeded), catalogue and API, one per process. */
import { createApi, type Api } from './api/router.ts';
import { readClerkSettings, type ClerkSettings } from './clerk-settings.ts';
import { loadConfig, type Config } from './config.ts';
import { backupBeforeMigrating, type BackupTaken } from './db/backup/backups.ts';
import { createBackupRuns, type BackupRuns, type LastGoodBackup } from './db/backup/backup-runs.ts';
import { openDatabase, type OpenDatabase } from './db/database.ts';
import { createContactStore } from './db/contact/contact-messages.ts';
import { migrate } from './db/migrations/migrations.ts';
import { catalogueVersionReader, readCatalogueVersion, type CatalogueVersionReader } from './search/index.ts';
import type { WriteDatabase } from './db/write-transaction.ts';
import { ResponseCache } from './http/response-cache.ts';
import { createCatalogue, type Catalogue } from './db/catalogue/catalogue-reads.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { readContentVersion } from './db/content/content-pages.ts';
import { seedContentIfEmpty } from './db/content/content-seed.ts';
import { createUnfoundSearches, UNFOUND_FLUSH_MS, type UnfoundSearches } from './db/search/unfound-searches.ts';
import { pageOffset } from '../lib/search/index.ts';
import { noteSearch } from './operations/request-context.ts';

export interface Shop {
  config: Config;
  database: OpenDatabase;
  catalogue: Catalogue;
  /** The process's one catalogue-version reader (re-read at most every 250 ms): pages, API answers, totals. */
  catalogueVersion: CatalogueVersionReader;
  /** The content pages' version, read the same way: the kept /about and /accessibility follow it, not the catalogue's. */
  contentVersion: CatalogueVersionReader;
  /** The database for the owner's writes (src/server/db/catalogue/catalogue-writes.ts): each commit refreshes the version. */
  writeDatabase: WriteDatabase;
  /** The process's one cache of answers: pages, API answers, static files (src/server/http/response-cache.ts). */
  cache: ResponseCache;
  api: Api;
  /** Shoppers' searches that found nothing, for the owner (src/server/db/search/unfound-searches.ts). */
  unfound: UnfoundSearches;
  /** What this process stored since it started (the metrics report it). */
  stored: { contactMessages: number };
  /** Writes this process refused because the disk was full, and when the last was (Unix ms; 0: never). */
  outOfSpace: { refused: number; lastAt: number };
  /** The backups (src/server/operations/backup-schedule.ts takes them; the metrics report them). */
  backups: BackupState;
  /** This process's Clerk settings, read once: the admin API checks sessions with them, the pages' policy names Clerk's origins. */
  clerk: () => ClerkSettings;
  close(): Promise<void>;
}

/** The catalogue, telling the request being answered what a first page's search for a typed text found (log and metrics). */
function tellingSearches(catalogue: Catalogue): Catalogue {
  const search = catalogue.searchAnimals;
  return Object.assign(catalogue, {
    searchAnimals: async (query: Parameters<Catalogue['searchAnimals']>[0]) => {
      const result = await search(query);
      const text = query.search?.trim() ?? '';
      if (text && pageOffset(query) === 0)
        noteSearch({ text, found: result.total === 0 ? 'nothing' : (result.correction ?? 'as-typed') });
      return result;
    },
  });
}

export interface BackupState {
  runs: BackupRuns;
  /** Scheduled backups this process tried that failed. */
  failures: number;
  /** The newest good backup whoever took it (read at most every few seconds); undefined: none yet. */
  lastGood(): Promise<LastGoodBackup | undefined>;
  /** This process recorded a backup: the next lastGood() reads the database again. */
  forget(): void;
}

/** How long a reading of the last good backup stands (/metrics is read every 15 s or so). */
const LAST_GOOD_READ_MS = 5000;

function backupState(runs: BackupRuns): BackupState {
  let reading: { at: number; value: Promise<LastGoodBackup | undefined> } | undefined;
  return {
    runs,
    failures: 0,
    lastGood() {
      if (!reading || performance.now() - reading.at > LAST_GOOD_READ_MS) {
        const previous = reading?.value;
        const value = runs.lastGood().catch(() => previous);
        reading = { at: performance.now(), value };
      }
      return reading.value;
    },
    forget() {
      reading = undefined;
    },
  };
}

/** Opens the shop on `config`'s database; `env`: where the Clerk keys are read (tests pass their own). */
export async function openShop(config: Config, env: Record<string, string | undefined> = process.env): Promise<Shop> {
  const database = await openDatabase(config.database);
  const backups = backupState(createBackupRuns(database.db));
  try {
    const beforeMigration: BackupTaken[] = [];
    await migrate(database.db, database.dialect, undefined, {
      beforeMigrating: backupBeforeMigrating(config, (taken) => beforeMigration.push(taken)),
    });
    for (const taken of beforeMigration) {
      const at = new Date();
      await backups.runs.finish(await backups.runs.start('before-migration', at), at, {
        outcome: 'good',
        file: taken.file,
        bytes: taken.bytes,
      });
    }
    if (config.seedOnStart) await seedIfEmpty(database.db);
    await seedContentIfEmpty(database.db, { contactEmail: config.publicContactEmail });
  } catch (error) {
    await database.close();
    throw error;
  }
  const catalogueVersion = catalogueVersionReader(() => readCatalogueVersion(database.db));
  const contentVersion = catalogueVersionReader(() => readContentVersion(database.db));
  const catalogue = tellingSearches(
    createCatalogue(database.db, {
      catalogueVersion,
      catalogueIndex: { mostAnimals: config.searchIndexAnimals },
    }),
  );
  const stored = { contactMessages: 0 };
  const outOfSpace = { refused: 0, lastAt: 0 };
  const contactStore = createContactStore(database.db);
  const contact: typeof contactStore = {
    save: async (...args) => {
      const receipt = await contactStore.save(...args);
      stored.contactMessages++;
      return receipt;
    },
  };
  const cache = new ResponseCache(config.cache);
  const writeDatabase: WriteDatabase = {
    db: database.db,
    dialect: database.dialect,
    afterCommit: () => {
      catalogueVersion.forget();
      contentVersion.forget();
    },
  };
  const unfound = createUnfoundSearches(database.db);
  const writeUnfound = setInterval(() => void unfound.flush(), UNFOUND_FLUSH_MS);
  writeUnfound.unref();
  let clerkRead: ClerkSettings | undefined;
  const clerk = () => (clerkRead ??= readClerkSettings(env, true));
  const admin = { database: writeDatabase, clerk };
  return {
    config,
    database,
    catalogue,
    catalogueVersion,
    contentVersion,
    writeDatabase,
    cache,
    api: createApi({
      catalogue,
      contact,
      config,
      catalogueVersion,
      cache,
      admin,
      me: { db: database.db, clerk: admin.clerk },
      onOutOfSpace: () => {
        outOfSpace.refused++;
        outOfSpace.lastAt = Date.now();
      },
    }),
    stored,
    outOfSpace,
    backups,
    clerk,
    unfound,
    // An index reading under way finishes first, and unfound searches gathered are written.
    close: async () => {
      clearInterval(writeUnfound);
      await unfound.flush();
      await catalogue.whenSearchIndexRead();
      await database.close();
    },
  };
}

let current: Promise<Shop> | undefined;

/** The process's shop: the one useShop() handed over, else opened from the environment on first call. */
export function getShop(): Promise<Shop> {
  current ??= openShop(loadConfig()).catch((error: unknown) => {
    current = undefined;
    throw error;
  });
  return current;
}

/** Makes `shop` the one getShop() answers in this process (scripts/serve.ts, before it serves). */
export function useShop(shop: Shop): void {
  current = Promise.resolve(shop);
}
