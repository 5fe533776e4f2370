/**
 * A tiny per-page-load cache of API answers, keyed by name ('categories'). Every island
 * of a page imports the same module instance, so they share one request: the first
 * caller starts it, later callers get the same promise. A page that already has the
 * data from the server seeds the cache with it, so no request is made at all.
 * A failed request is forgotten, so a later call (a retry) may try again.
 */
import { getCategories } from '../../lib/api/client.ts';
import type { Category } from '../../lib/schemas.ts';

interface QueryCache {
  /** The cached answer for `key`, or starts `load` once and caches its promise. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Puts a known answer (the server's) under `key`, unless one is there already. */
  seed<T>(key: string, value: T): void;
  /** The answer under `key` if it has already arrived (or was seeded). */
  peek<T>(key: string): T | undefined;
  has(key: string): boolean;
}

export function createQueryCache(): QueryCache {
  const promises = new Map<string, Promise<unknown>>();
  const values = new Map<string, unknown>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const known = promises.get(key);
      if (known) return known as Promise<T>;
      const promise = load().then(
        (value) => {
          values.set(key, value);
          return value;
        },
        (error: unknown) => {
          if (promises.get(key) === promise) promises.delete(key);
          throw error;
        },
      );
      promises.set(key, promise);
      return promise;
    },
    seed<T>(key: string, value: T) {
      if (promises.has(key)) return;
      promises.set(key, Promise.resolve(value));
      values.set(key, value);
    },
    peek<T>(key: string): T | undefined {
      return values.get(key) as T | undefined;
    },
    has: (key) => promises.has(key),
  };
}

/** The cache shared by every island of the page (one per page load in the browser). */
const pageCache: QueryCache = createQueryCache();

export const CATEGORIES_KEY = 'categories';

/** The categories, fetched at most once per page load. */
export function loadCategories(cache: QueryCache = pageCache): Promise<Category[]> {
  return cache.get(CATEGORIES_KEY, () => getCategories());
}

/**
 * Seeds the page cache with the categories the server rendered. Only in the browser:
 * on the server the module lives as long as the process, and one request's data must
 * not become another's.
 */
export function seedCategories(categories: Category[], cache: QueryCache = pageCache): void {
  if (typeof window === 'undefined') return;
  cache.seed(CATEGORIES_KEY, categories);
}
