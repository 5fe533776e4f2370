/**
 * The catalogue's version (migration 0007): a number every change to categories or animals bumps,
 * in the database, so every server sees it. Read at most once per interval by each server.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table outside the catalogue's types
export async function readCatalogueVersion(db: Kysely<any>): Promise<number> {
  const { rows } = await sql<{ version: number | string }>`select version from catalogue_version where id = 1`.execute(db);
  return Number(rows[0]?.version ?? 0);
}

/**
 * The version as last read, re-read when the last reading started more than `intervalMs` ago (the
 * callers of one interval share one query). An answer built on it is at most `intervalMs` older than
 * the catalogue.
 */
export function catalogueVersionReader(read: () => Promise<number>, intervalMs = 1000): () => Promise<number> {
  let current = 0;
  let readAt = -Infinity;
  let pending: Promise<number> | undefined;
  return () => {
    if (performance.now() - readAt < intervalMs) return Promise.resolve(current);
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
