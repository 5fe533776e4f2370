/**
 * What the admin's overview (/admin) shows of the catalogue: the animals with low stock (1 to
 * LOW_STOCK), sold out, and hidden — how many of each, and the first few by name.
 */
import { sql, type Kysely } from 'kysely';
import { LOW_STOCK } from '../../../lib/admin-list.ts';
import type { ShopTables } from '../tables.ts';

interface Listed {
  total: number;
  animals: { _id: string; name: string; countInStock: number }[];
}

interface CatalogueOverview {
  lowStock: Listed;
  soldOut: Listed;
  hidden: Listed;
}

const SHOWN = 8;

export async function catalogueOverview(db: Kysely<ShopTables>): Promise<CatalogueOverview> {
  const list = async (where: ReturnType<typeof sql<boolean>>): Promise<Listed> => {
    const [count, rows] = await Promise.all([
      db
        .selectFrom('animal')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
        .where(where)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('animal')
        .select(['id', 'name', 'count_in_stock'])
        .where(where)
        .orderBy('count_in_stock')
        .orderBy('name_key')
        .limit(SHOWN)
        .execute(),
    ]);
    return {
      total: Number(count.total),
      animals: rows.map((row) => ({ _id: row.id, name: row.name, countInStock: Number(row.count_in_stock) })),
    };
  };
  const [lowStock, soldOut, hidden] = await Promise.all([
    list(sql<boolean>`count_in_stock between 1 and ${LOW_STOCK}`),
    list(sql<boolean>`count_in_stock = 0`),
    list(sql<boolean>`hidden`),
  ]);
  return { lowStock, soldOut, hidden };
}
