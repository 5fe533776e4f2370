/**
 * Migration 0021: each signed-in shopper's favourites (../favourites/favourite-lists.ts), one row per Clerk
 * user: the list itself as a JSON array of animals' ids (read and written whole, never queried inside), and
 * its version, which every change bumps and a change names (If-Match) so that two devices never overwrite
 * each other unseen.
 */
import type { Kysely } from 'kysely';

export async function favouriteLists(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('favourite_list')
    .addColumn('user_id', 'text', (column) => column.primaryKey())
    .addColumn('ids', 'text', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
}
