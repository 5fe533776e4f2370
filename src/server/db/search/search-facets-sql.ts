/**
 * A search's facets, total and page counted and sorted in SQL (./animal-search.ts): for searches without
 * text, and for texts too broad to read into the process (./matches-read.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import type { AnimalSearchResult, SearchFacets } from '../../../lib/schemas.ts';
import type { FacetCategory } from '../../../lib/search-filters.ts';
import type { SORT_COLUMNS } from '../../../lib/search-rules.ts';
import { ANIMAL_COLUMNS, toAnimal } from '../catalogue/animal-rows.ts';
import { and, filterConditions, filtersKey, type Match, type ResolvedFilters } from './search-sql.ts';
import { shownCondition } from '../catalogue/shown-to-shoppers.ts';
import type { TotalsOf } from './totals-per-version.ts';
import type { ShopDatabase } from '../tables.ts';

/** Per category of a search's matches (with the stock and rating filters): see facetsAndTotal. */
interface Group {
  category_id: string;
  animals: number | string | bigint;
  low: number | string;
  high: number | string;
}

/** A page of a search, as facetsAndTotal may read it along. */
export interface PageWanted {
  ordered: (typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS];
  limit: number;
  offset: number;
}

/**
 * The facets and the total of a search, kept per catalogue version, from one query grouped by
 * category over the matches with the stock and rating filters: per category, how many also pass the
 * price filter (the category facet; the total is their sum, or the filtered category's count) and
 * their lowest and highest price (the price facet, which leaves out the price filter, over the
 * filtered category's group or all of them).
 *
 * A text's matches (Match.rows) with a page `wanted`: the same statement also picks the page's ids from
 * the matches, found once (a materialized CTE) instead of again by pageOfMatches — on PostgreSQL the
 * matches of a broad text cost most of the search. `pageIds` is set then (not when the facets were kept).
 */
export async function facetsAndTotal(
  db: ShopDatabase,
  counted: TotalsOf,
  match: Match,
  filters: ResolvedFilters,
  wanted?: PageWanted,
): Promise<{ facets: SearchFacets; total: number; pageIds?: string[] }> {
  let pageIds: string[] | undefined;
  const found = await counted.of(`facets\u0000${match.text}\u0000${filtersKey(filters)}`, async () => {
    const categories = await categoriesOf(db, counted);
    const table = match.rows ? 'matches' : 'animal';
    const shown = match.rows ? [] : [await shownCondition(db, counted)];
    const inPrice = and(filterConditions({ minPrice: filters.minPrice, maxPrice: filters.maxPrice }, undefined, table));
    const others = filterConditions({ inStock: filters.inStock, minRating: filters.minRating }, undefined, table);
    const condition = match.none ? sql<boolean>`1 = 0` : and([...shown, ...others]);
    const column = (name: string) => sql.ref(`${table}.${name}`);
    const grouped = (from: RawBuilder<unknown>) => sql<Group>`
      select ${column('category_id')} as category_id, sum(case when ${inPrice} then 1 else 0 end) as animals,
        min(${column('price')}) as low, max(${column('price')}) as high
      from ${from} where ${condition} group by ${column('category_id')}`;
    if (!match.rows || match.none || !wanted) {
      const from = match.rows ? sql`(${match.rows}) as matches` : sql`animal`;
      return facetsFrom((await grouped(from).execute(db)).rows, categories, filters);
    }
    const { ordered, limit, offset } = wanted;
    const sortedBy = (table: string) => sql.join(ordered.map((name) => sql.ref(`${table}.${name}`)));
    const { rows } = await sql<Group & { page_id: string | null; place: number | string | null }>`
      with matches as materialized (${match.rows}),
        groups as (${grouped(sql`matches`)}),
        page as (select ${sortedBy('matches')} from matches
          where ${and(filterConditions(filters, undefined, 'matches'))}
          order by ${sortedBy('matches')} limit ${limit} offset ${offset})
      select groups.category_id, groups.animals, groups.low, groups.high, null as page_id, null as place from groups
      union all select null, null, null, null, page.id, row_number() over (order by ${sortedBy('page')}) from page`.execute(
      db,
    );
    // The page's ids in its order (a union keeps no order of its own).
    pageIds = rows
      .filter((row) => row.page_id !== null)
      .sort((a, b) => Number(a.place) - Number(b.place))
      .map((row) => row.page_id!);
    return facetsFrom(
      rows.filter((row) => row.page_id === null),
      categories,
      filters,
    );
  });
  return pageIds === undefined ? found : { ...found, pageIds };
}

/** The facets and total from a search's groups (facetsAndTotal). */
function facetsFrom(
  rows: readonly Group[],
  categories: readonly FacetCategory[],
  filters: ResolvedFilters,
): { facets: SearchFacets; total: number } {
  const groups = rows.map((row) => ({
    id: row.category_id,
    count: Number(row.animals),
    low: Number(row.low),
    high: Number(row.high),
  }));
  const { categoryId } = filters;
  const inCategory = categoryId === undefined ? groups : groups.filter((group) => group.id === categoryId);
  const total = inCategory.reduce((sum, group) => sum + group.count, 0);
  const counts = new Map(groups.map((group) => [group.id, group.count]));
  return {
    facets: {
      categories: categories.map(({ key, slug, name }) => ({ slug, name, count: counts.get(key) ?? 0 })),
      price:
        inCategory.length === 0
          ? null
          : {
              min: Math.min(...inCategory.map((group) => group.low)),
              max: Math.max(...inCategory.map((group) => group.high)),
            },
    },
    total,
  };
}

/** The catalogue's categories in catalogue order, kept per catalogue version. */
export const categoriesOf = (db: ShopDatabase, counted: TotalsOf) =>
  counted.of<FacetCategory[]>('categories\u0000', async () =>
    (await db.selectFrom('category').select(['id', 'slug', 'name']).orderBy('position').orderBy('id').execute()).map(
      ({ id, slug, name }) => ({ key: id, slug, name }),
    ),
  );

/**
 * A page of a text search: its matches (Match.rows, read from `animal_word`) filtered and sorted by
 * the columns they carry, then just the page's animals read.
 */
export async function pageOfMatches(
  db: ShopDatabase,
  rows: RawBuilder<unknown>,
  filters: ResolvedFilters,
  ordered: (typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS],
  limit: number | undefined,
  offset: number,
): Promise<AnimalSearchResult['animals']> {
  const read = await db
    .with(
      (cte) => cte('page').materialized(),
      (qb) =>
        qb
          .selectFrom(sql`(${rows})`.as('matches'))
          .select(sql<string>`matches.id`.as('page_id'))
          .where(and(filterConditions(filters, undefined, 'matches')))
          .$call((inner) => ordered.reduce((sorted, column) => sorted.orderBy(sql.ref(`matches.${column}`)), inner))
          .$if(limit !== undefined, (inner) => inner.limit(limit!).offset(offset)),
    )
    .selectFrom('page')
    .crossJoin('animal')
    .innerJoin('category', 'category.id', 'animal.category_id')
    .whereRef('animal.id', '=', 'page.page_id')
    .select(ANIMAL_COLUMNS)
    .$call((qb) => ordered.reduce((sorted, column) => sorted.orderBy(`animal.${column}`), qb))
    .execute();
  return read.map(toAnimal);
}
