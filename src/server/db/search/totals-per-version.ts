/**
 * Exact totals (how many animals a search or a category has), cached per catalogue version.
 *
 * Counting every match of a common word reads every match: about 30 ms on SQLite and 30–130 ms on
 * PostgreSQL for 31,283 of 100,000 animals, whatever the index. A total changes only when the
 * catalogue does, and every write to an animal or a category replaces the token in
 * `catalogue_version` (triggers, migration 0004), so a total counted under one token stays exact
 * for as long as the database holds that token. Each search reads the token first (a one-row
 * lookup), so a change made by any process — `npm run seed`, another server — is seen by the next
 * request. A total is counted after its token was read, so it is never older than its token.
 */
import { readCatalogueVersion, type CatalogueVersion } from '../catalogue-index/catalogue-version.ts';
import type { ShopDatabase } from '../tables.ts';

/** Most totals kept (least recently used go first): a few hundred kilobytes at most. */
export const MAX_CACHED_TOTALS = 5000;

/** Most lists whose page pageStarts are kept (./page-starts.ts; at most 100 pageStarts each): about 5 MB at most. */
const MAX_LISTS_WITH_STARTS = 500;

export interface Totals {
  /** Reads the catalogue's version once; totals asked of the answer belong to that version. */
  current(): Promise<TotalsOf>;
}

export interface TotalsOf {
  /** The catalogue's version these answers belong to (catalogue_version's token). */
  readonly version: string;
  /**
   * The total under `key`; `count` runs only when it is not cached. Search keeps other small answers
   * of one catalogue version here too (facets, the catalogue's words for spelling corrections).
   */
  of<T = number>(key: string, count: () => Promise<T>): Promise<T>;
  /**
   * Where pages of a list start (see ./page-starts.ts), for this catalogue version: the live list under
   * `key`, kept with the totals (same version, same bound on keys); a fresh list when not cached.
   */
  pageStarts(key: string): PageStart[];
}

/** A position in a sorted list and the sort key of the row just before it. */
export interface PageStart {
  position: number;
  price: number;
  nameKey: string;
  id: string;
}

/**
 * `version` is the process's shared catalogue-version reader (src/server/shop.ts); without one, the
 * version is read for every search.
 */
export function createTotals(db: ShopDatabase, maxEntries = MAX_CACHED_TOTALS, version?: CatalogueVersion): Totals {
  let cachedVersion: string | undefined;
  const totals = new Map<string, unknown>();
  const pageStarts = new Map<string, PageStart[]>();

  async function readVersion(): Promise<string> {
    const version = await readCatalogueVersion(db);
    if (!version) throw new Error('catalogue_version has no row: the database was not migrated (migration 0004)');
    return version;
  }
  const currentVersion = version ?? readVersion;

  return {
    async current() {
      const version = await currentVersion();
      if (version !== cachedVersion) {
        totals.clear();
        pageStarts.clear();
        cachedVersion = version;
      }
      return {
        version,
        pageStarts(key) {
          if (cachedVersion !== version) return [];
          const list = pageStarts.get(key) ?? [];
          pageStarts.delete(key);
          pageStarts.set(key, list);
          if (pageStarts.size > Math.min(maxEntries, MAX_LISTS_WITH_STARTS))
            pageStarts.delete(pageStarts.keys().next().value!);
          return list;
        },
        async of<T>(key: string, count: () => Promise<T>): Promise<T> {
          const cached = cachedVersion === version ? (totals.get(key) as T | undefined) : undefined;
          if (cached !== undefined) {
            totals.delete(key);
            totals.set(key, cached);
            return cached;
          }
          const total = await count();
          // Another request may have seen a newer catalogue meanwhile: then this total belongs to no one.
          if (cachedVersion === version) {
            totals.set(key, total);
            if (totals.size > maxEntries) totals.delete(totals.keys().next().value!);
          }
          return total;
        },
      };
    },
  };
}
