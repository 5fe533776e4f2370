/**
 * SQLite's page cache while the whole catalogue is read. A connection keeps the pages it read, up to its
 * cache_size (better-sqlite3 builds SQLite with 16 MB); the whole reading passes every page of the
 * catalogue through it once, filling it with pages no request asks for again, and the memory they take
 * stays with the process's allocator even after the cache lets them go. So the whole reading runs with
 * SQLite's own default cache, and the connection's setting is put back after it: what requests read
 * fills the cache as before. PostgreSQL caches in its own server, not in this process.
 */
import { sql } from 'kysely';
import { dialectOf } from '../database.ts';
import type { ShopDatabase } from '../tables.ts';

/** SQLite's own default (in KiB, as a negative cache_size says). */
const READING_CACHE_KIB = 2000;

export async function withReadingCache<T>(db: ShopDatabase, read: () => Promise<T>): Promise<T> {
  if (dialectOf(db) !== 'sqlite') return read();
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
  const kept = Number(rows[0]?.cache_size);
  await sql.raw(`pragma cache_size = ${-READING_CACHE_KIB}`).execute(db);
  try {
    return await read();
  } finally {
    if (Number.isInteger(kept)) await sql.raw(`pragma cache_size = ${kept}`).execute(db);
  }
}
