/**
 * The process's catalogue index (./catalogue-index.ts) for the catalogue version a search reads: read
 * from the database when the version changes (a write of this process, or of another server, or made
 * directly in SQL: every one replaces the version), one reading at a time, and used only by searches of
 * exactly the version it was read under. A small catalogue's searches wait for the reading (a few
 * milliseconds); a large one's are answered in SQL meanwhile (./animal-search.ts), so no search ever
 * sees an older catalogue than SQL would show it. docs/decisions/search-index-in-memory.md.
 */
import { sql } from 'kysely';
import { DEFAULT_SEARCH_INDEX_ANIMALS } from '../config.ts';
import { readCatalogueVersion } from './catalogue-version.ts';
import { countRows } from './literal-sql.ts';
import type { TotalsOf } from './totals.ts';
import { CatalogueIndexBuilder, type CatalogueIndex, type IndexedAnimal } from './catalogue-index.ts';
import { SHOWN_TO_SHOPPERS } from './shown.ts';
import type { ShopDatabase } from './tables.ts';

/** Up to this many animals, a search waits for the index of a new version rather than run in SQL. */
export const INDEX_WAIT_UP_TO = 2_000;

/**
 * Animals read per statement; the process answers other requests between them (SQLite's reads block it),
 * and each statement's rows die young (5,000 at a time left the server 15 MB larger than 1,000).
 */
const ANIMALS_READ_AT_ONCE = 500;

/** How many animals the catalogue has, hidden ones included (kept with the version's totals). */
export const catalogueSize = (db: ShopDatabase, counted: TotalsOf) =>
  counted.of('search\u0000', () => countRows(db, sql`select count(*) as total from animal`));

export interface CatalogueIndexOptions {
  /**
   * Most animals a catalogue may have for its index to be kept (SEARCH_INDEX_ANIMALS: about 120 MB of the
   * server's memory per 100,000 animals); a larger one is searched in SQL alone. 0 keeps none.
   */
  mostAnimals?: number | undefined;
  /** INDEX_WAIT_UP_TO. */
  waitUpTo?: number | undefined;
}

/**
 * The index of the catalogue as it is now; undefined when a write changed the catalogue while it was
 * read (the version before and after differ).
 */
export async function readCatalogueIndex(db: ShopDatabase): Promise<CatalogueIndex | undefined> {
  const version = await readCatalogueVersion(db);
  const index = new CatalogueIndexBuilder();
  // Between statements and steps, a large catalogue's reading leaves the server 2 ms to answer requests;
  // a small one's is read at once (and so under a test's fake clock too).
  let large = false;
  const pause = () => (large ? new Promise<void>((resolve) => setTimeout(resolve, 2)) : Promise.resolve());
  let after: { id: string; name_key: string } | undefined;
  for (;;) {
    const read: IndexedAnimal[] = await db
      .selectFrom('animal')
      .select([
        'animal.id',
        'animal.name',
        'animal.name_key',
        'animal.price',
        'animal.category_id',
        'animal.rating',
        'animal.count_in_stock',
        'animal.search_words',
        'animal.name_words',
        'animal.search_text',
      ])
      .where(SHOWN_TO_SHOPPERS)
      .$if(after !== undefined, (qb) =>
        qb.where(sql<boolean>`(animal.name_key, animal.id) > (${after!.name_key}, ${after!.id})`),
      )
      // Name order (the index's suggestions need it), along its index.
      .orderBy('animal.name_key')
      .orderBy('animal.id')
      .limit(ANIMALS_READ_AT_ONCE)
      .execute();
    for (const row of read) index.add(row);
    if (read.length < ANIMALS_READ_AT_ONCE) break;
    after = read.at(-1)!;
    large = true;
    await pause();
  }
  const forms = await db.selectFrom('search_word').select(['word', 'base']).execute();
  if ((await readCatalogueVersion(db)) !== version) return undefined;
  return index.build(version, forms, pause);
}

export function createCatalogueIndexKeeper(
  db: ShopDatabase,
  { mostAnimals = DEFAULT_SEARCH_INDEX_ANIMALS, waitUpTo = INDEX_WAIT_UP_TO }: CatalogueIndexOptions = {},
) {
  let ready: CatalogueIndex | undefined;
  let reading: Promise<void> | undefined;
  let lastReading: { at: number; seconds: number } | undefined;

  const read = () => {
    const started = performance.now();
    return (reading ??= readCatalogueIndex(db)
      .then(
        (index) => {
          if (!index) return;
          ready = index;
          lastReading = { at: Date.now(), seconds: (performance.now() - started) / 1000 };
        },
        (error: unknown) => console.error('[search] reading the catalogue index failed; searching in SQL', error),
      )
      .finally(() => {
        reading = undefined;
      }));
  };

  /**
   * The index of catalogue `version` (of `animals` animals, hidden ones included), if it is read
   * or, for a small catalogue, once it is; else undefined (search in SQL) and its reading under way.
   */
  async function at(version: string, animals: number): Promise<CatalogueIndex | undefined> {
    if (ready?.version === version) return ready;
    // An index of another version serves no one: its memory goes before the next is read.
    ready = undefined;
    if (mostAnimals <= 0 || animals > mostAnimals) return undefined;
    // A reading that began before the version changed gives the older index: then once more.
    for (let attempt = 0; attempt < 2; attempt++) {
      const pending = read();
      if (animals > waitUpTo) return undefined;
      await pending;
      // (Set by the reading: TypeScript cannot see that the await may have.)
      const now = ready as CatalogueIndex | undefined;
      if (now?.version === version) return now;
    }
    return undefined;
  }

  return {
    at,

    /** The index for a search under `counted`'s catalogue version, as `at` answers it. */
    async of(counted: TotalsOf): Promise<CatalogueIndex | undefined> {
      return at(counted.version, await catalogueSize(db, counted));
    },

    /** When the last index was read (Date.now()) and how long reading it took: the metrics report it. */
    lastReading: () => lastReading,

    /** Settles when the reading under way (if any) is done: for tests, and to read the index at start. */
    async whenRead(): Promise<void> {
      await reading;
    },
  };
}

export type CatalogueIndexKeeper = ReturnType<typeof createCatalogueIndexKeeper>;
