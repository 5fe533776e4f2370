/**
 * Signed-in shoppers' favourites (table favourite_list, migration 0021): one list per Clerk user, read and
 * replaced whole, each replacement naming the version it was made on. A replacement on another version
 * changes nothing and returns the list as it is, so the browser applies its change to that and tries again:
 * two devices changing the list at once both keep their change. The one place the lists are written.
 */
import { cleanFavourites } from '../../../lib/favourites.ts';
import type { ShopDatabase } from '../tables.ts';

/** A shopper's list: animals' ids, newest first, and its version (0: never saved). */
export interface FavouriteList {
  ids: string[];
  version: number;
}

/** A replacement's outcome: the list saved, or the list as it is when the version named was not its own. */
type Replaced = { saved: true; list: FavouriteList } | { saved: false; current: FavouriteList };

const EMPTY: FavouriteList = { ids: [], version: 0 };

function parseIds(stored: string): string[] {
  try {
    return cleanFavourites(JSON.parse(stored));
  } catch {
    return [];
  }
}

export function createFavouriteLists(db: ShopDatabase, now: () => Date = () => new Date()) {
  async function read(userId: string): Promise<FavouriteList> {
    const row = await db
      .selectFrom('favourite_list')
      .select(['ids', 'version'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? { ids: parseIds(row.ids), version: Number(row.version) } : EMPTY;
  }

  return {
    read,

    /** Replaces the list if it is still at version `expected`; `ids` are kept cleaned (ids only, each once). */
    async replace(userId: string, ids: readonly string[], expected: number): Promise<Replaced> {
      const list = { ids: cleanFavourites(ids), version: expected + 1 };
      const values = { ids: JSON.stringify(list.ids), version: list.version, updated_at: now().toISOString() };
      let changed: bigint | undefined;
      if (expected === 0) {
        // The first save: exactly one of two devices saving at once inserts the row.
        const [result] = await db
          .insertInto('favourite_list')
          .values({ user_id: userId, ...values })
          .onConflict((conflict) => conflict.column('user_id').doNothing())
          .execute();
        changed = result?.numInsertedOrUpdatedRows;
      } else {
        const result = await db
          .updateTable('favourite_list')
          .set(values)
          .where('user_id', '=', userId)
          .where('version', '=', expected)
          .executeTakeFirst();
        changed = result.numUpdatedRows;
      }
      if (Number(changed ?? 0n) > 0) return { saved: true, list };
      return { saved: false, current: await read(userId) };
    },
  };
}
