/**
 * The catalogue's version (migration 0004, ./catalogue-version-schema.ts): a token every change to categories or animals replaces,
 * in the database, so every server sees it. Each process has one reader (src/server/shop.ts), re-read at most every
 * CATALOGUE_VERSION_INTERVAL_MS and shared by everything kept per version: pages and API answers
 * (src/server/http/response-cache.ts), totals and page starts (./totals.ts).
 */
import { sql, type Kysely } from 'kysely';

/** How old the version a server acts on may be: a change shows everywhere within this (plus one render). */
export const CATALOGUE_VERSION_INTERVAL_MS = 250;

/** Reads the catalogue's version. */
export type CatalogueVersion = () => Promise<string>;

/** A reader that can also be told the catalogue just changed (a write this process committed). */
export type CatalogueVersionReader<Version = string> = (() => Promise<Version>) & {
  /** The next reading goes to the database: this process sees its own writes at once. */
  forget(): void;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table outside the catalogue's types
export async function readCatalogueVersion(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ version: string }>`select version from catalogue_version where id = 1`.execute(db);
  return String(rows[0]?.version ?? '');
}

/**
 * The version as last read, re-read when the last reading started more than `intervalMs` ago (the
 * callers of one interval share one query). An answer built on it is at most `intervalMs` older than
 * the catalogue.
 */
export function catalogueVersionReader<Version>(
  read: () => Promise<Version>,
  intervalMs = CATALOGUE_VERSION_INTERVAL_MS,
): CatalogueVersionReader<Version> {
  let current: Version | undefined;
  let readAt = -Infinity;
  let pending: Promise<Version> | undefined;
  const reader = () => {
    if (current !== undefined && performance.now() - readAt < intervalMs) return Promise.resolve(current);
    if (!pending) {
      const started = performance.now();
      pending = read().then(
        (version) => {
          current = version;
          readAt = started;
          pending = undefined;
          return version;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
    }
    return pending;
  };
  return Object.assign(reader, {
    forget() {
      readAt = -Infinity;
      // A reading already under way may have started before the write committed.
      pending = undefined;
    },
  });
}
