/**
 * What shoppers are shown: every animal but the hidden ones (the owner's `hidden`, migration 0009).
 * A condition on `animal` that reads only its id, so a walk along a sort or category index that holds
 * the id stays on the index; the hidden ones' ids come from their own partial index (migration 0010),
 * read once per query. Every shopper's read uses it: lists, search (totals and facets too),
 * suggestions, a category's page and count, an animal's page, sitemaps — and so the static build.
 */
import { sql, type RawBuilder } from 'kysely';
import type { ShopDatabase } from '../tables.ts';
import type { TotalsOf } from '../search/totals-per-version.ts';

export const SHOWN_TO_SHOPPERS = sql<boolean>`animal.id not in (select hidden_animal.id from animal as hidden_animal where hidden_animal.hidden)`;

const EVERY_ANIMAL = sql<boolean>`1 = 1`;

/**
 * The condition for this catalogue version, for the search's scans: none while no animal is hidden (the
 * usual case), so a scan that a covering index without the id answers stays on it — the facets of
 * 100,000 animals (one grouped scan of the filters' index) take 11 ms without the condition and 226 ms
 * with it, on SQLite. Whether any is hidden is kept with the version's totals.
 */
export async function shownCondition(db: ShopDatabase, counted: TotalsOf): Promise<RawBuilder<boolean>> {
  const anyHidden = await counted.of('hidden\u0000', async () =>
    (await db
      .selectFrom('animal')
      .select('id')
      .where(sql<boolean>`hidden`)
      .limit(1)
      .executeTakeFirst())
      ? 1
      : 0,
  );
  return anyHidden ? SHOWN_TO_SHOPPERS : EVERY_ANIMAL;
}
