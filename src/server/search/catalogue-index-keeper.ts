/**
 * The process's catalogue index, kept at the version searches read: read whole at start, then brought up to each version
 * by the change feed; read whole again when the feed cannot say what changed, or in the background once the changes
 * applied pass a tenth of it. A search never sees an older catalogue than SQL would, nor a partial one.
 */
import { sql } from 'kysely';
import { DEFAULT_SEARCH_INDEX_ANIMALS } from '../config.ts';
import { FEED_KEPT_MS, FEED_MOST, indexedFrom, pruneFeed, readFeed, readWritten } from './catalogue-feed.ts';
import { readCatalogueVersion, seqOfVersion } from './catalogue-version.ts';
import type { CatalogueIndex } from '../../lib/search/index.ts';
import { CatalogueIndexBuilder, type IndexedAnimal } from '../../lib/search/index.ts';
import { SHOWN_TO_SHOPPERS } from '../db/catalogue/shown-to-shoppers.ts';
import type { ShopDatabase } from '../db/tables.ts';
/** Animals read per statement: other requests are answered between them, and each statement's rows die young. */
const ANIMALS_READ_AT_ONCE = 500;

export interface CatalogueIndexOptions {
  /** A server does not start with a larger catalogue; one that grows past it while served is still kept, with a warning. */
  mostAnimals?: number | undefined;
}

/** The shown catalogue read whole, labelled with the version read before it; catchUp brings rows read meanwhile to one version. */
export async function readCatalogueIndex(db: ShopDatabase): Promise<CatalogueIndex> {
  const version = await readCatalogueVersion(db);
  const index = new CatalogueIndexBuilder();
  // A large catalogue's reading lets requests be answered between statements; a small one's is read at once.
  let large = false;
  const pause = () => (large ? new Promise<void>((resolve) => setImmediate(resolve)) : Promise.resolve());
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
    const unworded = await wordsComputed(db, read);
    for (const row of read) index.add(unworded.get(row.id) ?? row);
    if (read.length < ANIMALS_READ_AT_ONCE) break;
    after = read.at(-1)!;
    large = true;
    await pause();
  }
  const forms = await db.selectFrom('search_word').select(['word', 'base']).execute();
  return index.build(version, forms, pause);
}

/** The rows among `read` without stored words (written directly in SQL), with them computed from their text. */
async function wordsComputed(db: ShopDatabase, read: readonly IndexedAnimal[]): Promise<Map<string, IndexedAnimal>> {
  const ids = read.filter((row) => row.search_words.trim() === '').map((row) => row.id);
  if (ids.length === 0) return new Map();
  const texts = await db.selectFrom('animal').select(['id', 'description']).where('id', 'in', ids).execute();
  const description = new Map(texts.map((row) => [row.id, row.description]));
  return new Map(
    read
      .filter((row) => description.has(row.id))
      .map((row) => [row.id, indexedFrom({ ...row, description: description.get(row.id)! })]),
  );
}

/** Brings `index` up to the version now through the feed; false when the index must be read whole. */
async function catchUp(db: ShopDatabase, index: CatalogueIndex): Promise<boolean> {
  const feed = await readFeed(db, index.version);
  if (feed.kind === 'whole') return false;
  if (feed.version === index.version) return true;
  index.apply(feed.version, feed.animals, await readWritten(db, feed.animals));
  return true;
}

/** How often a server deletes the feed's old changes. */
const PRUNE_EVERY_MS = 60_000;

export function createCatalogueIndexKeeper(
  db: ShopDatabase,
  { mostAnimals = DEFAULT_SEARCH_INDEX_ANIMALS }: CatalogueIndexOptions = {},
) {
  let ready: CatalogueIndex | undefined;
  let reading: Promise<void> | undefined;
  let applying: Promise<void> | undefined;
  let lastReading: { at: number; seconds: number } | undefined;
  let prunedAt = -Infinity;
  let warned = false;

  const failed = (what: string) => (error: unknown) =>
    console.error(`[search] ${what} failed; the next list reads the index again`, error);

  /** Reads the index whole, then catches it up; it replaces `ready` unless that is newer. */
  const read = () => {
    const started = performance.now();
    return (reading ??= (async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const index = await readCatalogueIndex(db);
        let current = await catchUp(db, index);
        // `ready` may have applied a later change meanwhile: then this one catches up again.
        while (current && ready && seqOfVersion(ready.version) > seqOfVersion(index.version)) {
          current = await catchUp(db, index);
        }
        if (!current) continue;
        ready = index;
        lastReading = { at: Date.now(), seconds: (performance.now() - started) / 1000 };
        return;
      }
    })()
      .catch(failed('reading the catalogue index'))
      .finally(() => {
        reading = undefined;
      }));
  };

  /** Applies the feed to `ready`; a feed that cannot say what changed drops it and reads it whole. */
  const apply = () =>
    (applying ??= (async () => {
      const index = ready;
      if (!index) return;
      if (!(await catchUp(db, index))) {
        if (ready === index) ready = undefined;
        void read();
        return;
      }
      // Changes kept beside the index cost every search a little: past a tenth of it, it is read afresh.
      if (index.changed > Math.max(FEED_MOST, index.size / 10)) void read();
      // Pruning is a write no search waits for; a failed one is tried again after the interval.
      if (performance.now() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = performance.now();
        void pruneFeed(db, FEED_KEPT_MS).catch((error: unknown) =>
          console.error('[search] pruning the catalogue changes failed', error),
        );
      }
    })()
      .catch((error: unknown) => {
        ready = undefined;
        failed('applying the catalogue changes')(error);
      })
      .finally(() => {
        applying = undefined;
      }));

  /** Is `index` at `version` or a later one? */
  const holds = (index: CatalogueIndex | undefined, version: string): index is CatalogueIndex =>
    index !== undefined && (index.version === version || seqOfVersion(index.version) > seqOfVersion(version));

  /** Says once that the catalogue outgrew SEARCH_INDEX_ANIMALS (a start would be refused now: ./catalogue-fits.ts). */
  const warnIfLarge = (index: CatalogueIndex) => {
    if (warned || index.size <= mostAnimals) return;
    warned = true;
    console.warn(
      `SEARCH_INDEX_ANIMALS=${mostAnimals}: the catalogue has grown to ${index.size} animals; this server keeps its index, and a server started now is refused (docs/operations.md)`,
    );
  };

  /** The index at `version` or later: every list waits for it rather than be answered from a partial one. */
  async function at(version: string): Promise<CatalogueIndex> {
    if (holds(ready, version)) return ready;
    if (ready) {
      await apply();
      if (holds(ready, version)) return (warnIfLarge(ready), ready);
    }
    // A reading that began before the version changed gives the older index: then once more.
    for (let attempt = 0; attempt < 2; attempt++) {
      await read();
      if (holds(ready, version)) return (warnIfLarge(ready), ready);
    }
    throw new Error(`the catalogue index of version ${version} could not be read`);
  }

  return {
    at,

    /** When the last index was read whole (Date.now()) and how long reading it took: the metrics report it. */
    lastReading: () => lastReading,

    /** Settles when the reading or applying under way (if any) is done: for tests, and to read the index at start. */
    async whenRead(): Promise<void> {
      await applying;
      await reading;
    },
  };
}

export type CatalogueIndexKeeper = ReturnType<typeof createCatalogueIndexKeeper>;
