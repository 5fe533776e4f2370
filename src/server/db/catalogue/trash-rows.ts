/**
 * The trash's rows (migration 0020), as the delete writes them (./catalogue-writes.ts) and the trash
 * reads them (./animal-trash.ts): an animal moved here with who deleted it and when; older than
 * TRASH_DAYS days, gone.
 */
import type { Kysely } from 'kysely';
import type { ShopTables } from '../tables.ts';
import type { Actor } from './audit.ts';

export const TRASH_DAYS = 30;
export const DAY_MS = 86_400_000;

/** The earliest deletion still kept at `now`. */
export const oldest = (now: Date) => new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString();

/** Removes what has been in the trash longer than TRASH_DAYS. */
export async function purge(db: Kysely<ShopTables>, now: Date): Promise<void> {
  await db.deleteFrom('animal_trash').where('deleted_at', '<', oldest(now)).execute();
}

/** Moves an animal (as stored, with its category's id) into the trash, inside the caller's transaction. */
export async function moveToTrash(
  trx: Kysely<ShopTables>,
  who: Actor,
  at: Date,
  current: { _id: string; name: string; slug: string; category: string },
): Promise<void> {
  await purge(trx, at);
  await trx.deleteFrom('animal_trash').where('id', '=', current._id).execute();
  await trx
    .insertInto('animal_trash')
    .values({
      id: current._id,
      name: current.name,
      slug: current.slug,
      category_slug: current.category,
      animal: JSON.stringify(current),
      deleted_at: at.toISOString(),
      deleted_by: who.id,
      deleted_by_name: who.name ?? null,
    })
    .execute();
}
