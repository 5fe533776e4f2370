/** The admin's table of animals, hidden ones included, searched by the shop's own engine a page at a time; only the page's animals are read from SQL. */
import { sql, type Kysely } from 'kysely';
import type { AdminListFilters } from '../../../lib/admin-list.ts';
import type { CatalogueIndex } from '../../../lib/search/index.ts';
import { CatalogueIndexBuilder } from '../../../lib/search/index.ts';
import { adminList } from '../../../lib/search/index.ts';
import type { AdminAnimal } from '../../../lib/schemas.ts';
import { indexedFrom } from '../../search/index.ts';
import { readCatalogueVersion } from '../../search/index.ts';
import { selectAdminAnimals, toAdminAnimal } from './catalogue-writes.ts';
import type { ShopTables } from '../tables.ts';

interface AdminAnimalPage {
  animals: AdminAnimal[];
  total: number;
  page: number;
  limit: number;
}

/** The hidden animals as an index of their own (few: the owner hides animals one by one). */
async function readHidden(db: Kysely<ShopTables>, version: string): Promise<CatalogueIndex> {
  const rows = await db
    .selectFrom('animal')
    .select(['id', 'name', 'description', 'price', 'category_id', 'rating', 'count_in_stock'])
    .where(sql<boolean>`hidden`)
    .execute();
  const builder = new CatalogueIndexBuilder();
  for (const row of rows) builder.add(indexedFrom(row));
  return builder.buildNow(version, []);
}

/** The table's pages; the version is read for every page, so the owner's table shows each write at once. */
export function createAdminAnimals(db: Kysely<ShopTables>, indexAt: (version: string) => Promise<CatalogueIndex>) {
  let hidden: { version: string; index: Promise<CatalogueIndex> } | undefined;

  return async function listAdminAnimals({
    search = '',
    page = 1,
    limit = 25,
    category,
    ...filters
  }: {
    search?: string;
    page?: number;
    limit?: number;
    /** A category's slug: only its animals (an unknown one: none). */
    category?: string | undefined;
  } & Omit<AdminListFilters, 'category'>): Promise<AdminAnimalPage> {
    const version = await readCatalogueVersion(db);
    if (hidden?.version !== version) {
      const index = readHidden(db, version);
      hidden = { version, index };
      index.catch(() => hidden?.index === index && (hidden = undefined));
    }
    let categoryId: string | undefined;
    if (category !== undefined) {
      const row = await db.selectFrom('category').select('id').where('slug', '=', category).executeTakeFirst();
      if (!row) return { animals: [], total: 0, page, limit };
      categoryId = row.id;
    }
    const { ids, total } = adminList(await indexAt(version), await hidden.index, search, (page - 1) * limit, limit, {
      ...filters,
      category: categoryId,
    });
    const rows = ids.length === 0 ? [] : await selectAdminAnimals(db).where('animal.id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      animals: ids.flatMap((id) => {
        const row = byId.get(id);
        if (!row) return [];
        const { categoryId: _categoryId, ...animal } = toAdminAnimal(row);
        return [animal];
      }),
      total,
      page,
      limit,
    };
  };
}
