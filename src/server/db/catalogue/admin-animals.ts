/**
 * The admin's table of animals: hidden ones included (and marked), searched by the shop's own search
 * rules (../search/search-sql.ts, the same match shoppers get, without corrections), in the shop's name order,
 * a page at a time with its exact total.
 */
import type { Kysely } from 'kysely';
import type { AdminAnimal } from '../../../lib/schemas.ts';
import { selectAdminAnimals, toAdminAnimal } from './catalogue-writes.ts';
import { matchFor } from '../search/search-sql.ts';
import type { ShopTables } from '../tables.ts';

interface AdminAnimalPage {
  animals: AdminAnimal[];
  total: number;
  page: number;
  limit: number;
}

export async function listAdminAnimals(
  db: Kysely<ShopTables>,
  { search = '', page = 1, limit = 25 }: { search?: string; page?: number; limit?: number },
): Promise<AdminAnimalPage> {
  const match = await matchFor(db, search);
  if (match.none) return { animals: [], total: 0, page, limit };
  const matching = selectAdminAnimals(db).$if(match.where !== undefined, (qb) => qb.where(match.where!));
  const { total } = await db
    .selectFrom('animal')
    .$if(match.where !== undefined, (qb) => qb.where(match.where!))
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await matching
    .orderBy('animal.name_key')
    .orderBy('animal.id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return {
    animals: rows.map((row) => {
      const { categoryId: _categoryId, ...animal } = toAdminAnimal(row);
      return animal;
    }),
    total: Number(total),
    page,
    limit,
  };
}
