/**
 * The trash of deleted animals (migration 0020): deleting an animal moves its row here, in the same
 * transaction as the delete and its audit entry, and it can be restored for TRASH_DAYS days — as it
 * was (id, address, picture, fields), at a new version, into its category (found again by address if
 * that category was deleted and made anew). Older entries are removed whenever the trash is written or
 * read. Deleting from `animal` is what the catalogue's change feed sees, so the index, search, lists
 * and sitemaps drop the animal as for any delete, and take it back on restore.
 */
import type { AdminAnimal } from '../../../lib/schemas.ts';
import { insertSearchWords, searchColumnsFor } from '../search/animal-words.ts';
import { inWriteTransaction, type WriteDatabase } from '../write-transaction.ts';
import { recordAudit, type Actor } from './audit.ts';
import { writeMessages } from './catalogue-messages.ts';
import { animalColumns, snapshot, type StoredAnimal } from './catalogue-writes.ts';
import { CatalogueWriteError } from './write-rules.ts';
import { oldest, purge, TRASH_DAYS, DAY_MS } from './trash-rows.ts';

export { TRASH_DAYS } from './trash-rows.ts';

/** A deleted animal as the trash lists it. */
interface TrashedAnimal {
  _id: string;
  name: string;
  slug: string;
  category: string;
  deletedAt: string;
  deletedBy: string;
  deletedByName: string | null;
  /** When it leaves the trash for good (ISO 8601). */
  until: string;
}

export function createAnimalTrash(database: WriteDatabase, { now = () => new Date() }: { now?: () => Date } = {}) {
  const { db } = database;
  return {
    /** What the trash holds, the latest deleted first. */
    async list(): Promise<TrashedAnimal[]> {
      const at = now();
      const rows = await db
        .selectFrom('animal_trash')
        .select(['id', 'name', 'slug', 'category_slug', 'deleted_at', 'deleted_by', 'deleted_by_name'])
        .where('deleted_at', '>=', oldest(at))
        .orderBy('deleted_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        _id: row.id,
        name: row.name,
        slug: row.slug,
        category: row.category_slug,
        deletedAt: row.deleted_at,
        deletedBy: row.deleted_by,
        deletedByName: row.deleted_by_name,
        until: new Date(Date.parse(row.deleted_at) + TRASH_DAYS * DAY_MS).toISOString(),
      }));
    },

    /** Puts a deleted animal back into the catalogue as it was, at a new version; audited. */
    async restore(who: Actor, id: string): Promise<AdminAnimal> {
      const at = now();
      return inWriteTransaction(database, async (trx) => {
        await purge(trx, at);
        const row = await trx.selectFrom('animal_trash').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) throw new CatalogueWriteError('not-found', writeMessages.notInTrash);
        const stored = JSON.parse(row.animal) as StoredAnimal;
        const category =
          (await trx
            .selectFrom('category')
            .select(['id', 'slug'])
            .where('id', '=', stored.categoryId)
            .executeTakeFirst()) ??
          (await trx
            .selectFrom('category')
            .select(['id', 'slug'])
            .where('slug', '=', stored.category)
            .executeTakeFirst());
        if (!category) throw new CatalogueWriteError('conflict', writeMessages.restoreNoCategory(stored.category));
        const taken = await trx.selectFrom('animal').select('id').where('slug', '=', stored.slug).executeTakeFirst();
        if (taken) throw new CatalogueWriteError('conflict', writeMessages.restoreSlugTaken(stored.slug));
        const animal: StoredAnimal = {
          ...stored,
          category: category.slug,
          categoryId: category.id,
          version: stored.version + 1,
        };
        await trx
          .insertInto('animal')
          .values({
            id: animal._id,
            slug: animal.slug,
            img: animal.img,
            version: animal.version,
            ...animalColumns(animal, animal.categoryId),
            ...searchColumnsFor(animal),
          })
          .execute();
        await insertSearchWords(trx, [animal]);
        await trx.deleteFrom('animal_trash').where('id', '=', id).execute();
        await recordAudit(trx, who, at, [
          { action: 'animal.restore', entity: 'animal', entityId: id, before: null, after: snapshot(animal) },
        ]);
        return snapshot(animal);
      });
    },

    /** The ids in the trash now (the audit links their deletions to it). */
    async ids(): Promise<Set<string>> {
      const rows = await db.selectFrom('animal_trash').select('id').where('deleted_at', '>=', oldest(now())).execute();
      return new Set(rows.map((row) => row.id));
    },
  };
}
