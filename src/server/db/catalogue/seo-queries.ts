/** What the sitemaps need: how many animals, when the catalogue last changed, and one shard of ids and slugs in id order. */
import { SHOWN_TO_SHOPPERS } from './shown-to-shoppers.ts';
import type { ShopDatabase } from '../tables.ts';

export function createSeoQueries(db: ShopDatabase) {
  return {
    async countAnimals(): Promise<number> {
      const row = await db
        .selectFrom('animal')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
        .where(SHOWN_TO_SHOPPERS)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** Ids of the animals at positions offset..offset+limit-1 in id order (the primary key's index). */
    async animalIds(offset: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('animal')
        .select('id')
        .where(SHOWN_TO_SHOPPERS)
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => row.id);
    },

    /** When the catalogue last changed (ISO 8601 UTC; migration 0007), for the sitemaps' lastmod. */
    async catalogueChangedAt(): Promise<string | undefined> {
      const row = await db.selectFrom('catalogue_version').select('changed_at').where('id', '=', 1).executeTakeFirst();
      return row?.changed_at ?? undefined;
    },

    /** Category slugs in catalogue order. */
    async categorySlugs(): Promise<string[]> {
      const rows = await db.selectFrom('category').select('slug').orderBy('position').orderBy('id').execute();
      return rows.map((row) => row.slug);
    },
  };
}

export type SeoQueries = ReturnType<typeof createSeoQueries>;
