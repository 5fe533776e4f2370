/**
 * The catalogue's version (migration 0004, ./search-index.ts): a token every change to categories or animals replaces,
 * in the database, so every server sees it. Read at most once per interval by each server.
 */
import { sql, type Kysely } from 'kysely';

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
  intervalMs = 1000,
): () => Promise<Version> {
  let current: Version | undefined;
  let readAt = -Infinity;
  let pending: Promise<Version> | undefined;
  return () => {
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
}
