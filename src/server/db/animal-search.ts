/**
 * GET /api/animals/search on both databases: words in any order, their forms (src/lib/search-words.ts),
 * the literal text as before, filters, corrections when nothing matches (the other keyboard layout,
 * then spelling: src/lib/search-corrections.ts), and facets. docs/decisions/search-index.md.
 *
 * 1. The total: cached per search, filters and catalogue version (./totals.ts), else counted: the ids
 *    the trigram index finds (`animal_search`: the literal text in `search_text`, each word's forms in
 *    `search_words`), and with filters those ids' rows. Nothing to show (no match, a page past the end): done.
 * 2. The page, as ids first (a materialized CTE), then their rows (CROSS JOIN keeps SQLite from
 *    reordering the join, and means an inner join to PostgreSQL). Many matches: the ids come from
 *    walking the sort order's index and filtering, which stops as soon as the page is full (on
 *    SQLite the sort indexes hold the search text, so the rows skipped for a deep page are never
 *    read). Few matches (see findMatchesFirst): walking would visit most of the catalogue to find
 *    them, so the ids are every match, found through the indexes, and just those are sorted.
 */
import { sql, type RawBuilder } from 'kysely';
import { correctSpelling, otherLayout, type Vocabulary } from '../../lib/search-corrections.ts';
import { pageOffset, SORT_COLUMNS } from '../../lib/search-rules.ts';
import type { AnimalSearchQuery, AnimalSearchResult, SearchFacets } from '../../lib/schemas.ts';
import { ANIMAL_COLUMNS, toAnimal } from './animal-rows.ts';
import { rememberAnchor, startingAnchor } from './anchors.ts';
import {
  countRows,
  filterConditions,
  filtersKey,
  loadVocabulary,
  matchFor,
  type Match,
  type ResolvedFilters,
} from './search-sql.ts';
import type { Totals, TotalsOf } from './totals.ts';
import type { ShopDatabase } from './tables.ts';

/**
 * Reading one match found first (in `animal_search`, then its row for the sort keys) costs about
 * this many times stepping once along a sort index (measured: SQLite about 20×, where the walk reads
 * only its covering index; PostgreSQL about 1.5×, where it reads the row too — a middle value keeps
 * either choice within a few times the better one).
 */
export const MATCH_COST = 5;

/**
 * How a search page is read: walk the sort order's index until the page is full, which steps over
 * about (offset + limit) × catalogue / matches rows, or find every match and sort them, which costs
 * about MATCH_COST steps per match. The cheaper one. Page 1 of a 100,000-animal catalogue finds the
 * matches first up to about 700 of them; page 100 up to about 7,000.
 */
export function findMatchesFirst(matches: number, catalogue: number, end: number): boolean {
  return matches * MATCH_COST < (end * catalogue) / matches;
}

export interface AnimalSearchOptions {
  /** Tests: 0 always walks the index, Infinity always finds the matches first; else findMatchesFirst decides. */
  sparseMatches?: number | undefined;
}

const and = (conditions: readonly RawBuilder<boolean>[]) =>
  conditions.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`${sql.join(conditions, sql` and `)}`;

export function createAnimalSearch(db: ShopDatabase, totals: Totals, { sparseMatches }: AnimalSearchOptions = {}) {
  const countAll = (counted: TotalsOf) =>
    counted.of('search\u0000', () => countRows(db, sql`select count(*) as total from animal`));

  /** The animals matching a search and the filters (leaving out one, for a facet), as a condition on `animal`. */
  function matching(match: Match, filters: ResolvedFilters, without?: 'category' | 'price'): RawBuilder<boolean> {
    const conditions = filterConditions(filters, without);
    if (match.none) return sql<boolean>`1 = 0`;
    if (match.ids) conditions.unshift(sql<boolean>`animal.id in (${match.ids})`);
    return and(conditions);
  }

  async function totalOf(counted: TotalsOf, match: Match, filters: ResolvedFilters): Promise<number> {
    if (match.none) return 0;
    const filtered = filtersKey(filters);
    if (!match.ids && !filtered) return countAll(counted);
    return counted.of(`search\u0000${match.text}${filtered ? `\u0000${filtered}` : ''}`, () =>
      !filtered && match.ids
        ? countRows(db, sql`select count(*) as total from (${match.ids}) as matches`)
        : countRows(db, sql`select count(*) as total from animal where ${matching(match, filters)}`),
    );
  }

  async function facetsOf(counted: TotalsOf, match: Match, filters: ResolvedFilters): Promise<SearchFacets> {
    return counted.of(`facets\u0000${match.text}\u0000${filtersKey(filters)}`, async () => {
      const categories = await db
        .selectFrom('category')
        .select(['id', 'slug', 'name'])
        .orderBy('position')
        .orderBy('id')
        .execute();
      const { rows: counts } = await sql<{ category_id: string; animals: number | string | bigint }>`
        select animal.category_id, count(*) as animals from animal where ${matching(match, filters, 'category')}
        group by animal.category_id`.execute(db);
      const byCategory = new Map(counts.map((row) => [row.category_id, Number(row.animals)]));
      const { rows: prices } = await sql<{ low: number | string | null; high: number | string | null }>`
        select min(animal.price) as low, max(animal.price) as high from animal
        where ${matching(match, filters, 'price')}`.execute(db);
      const [range] = prices;
      return {
        categories: categories.map(({ id, slug, name }) => ({ slug, name, count: byCategory.get(id) ?? 0 })),
        price:
          range?.low === null || range?.low === undefined
            ? null
            : { min: Number(range.low), max: Number(range.high) },
      };
    });
  }

  async function resolveFilters(query: AnimalSearchQuery): Promise<ResolvedFilters> {
    const { minPrice, maxPrice, inStock, minRating, category } = query;
    let categoryId: string | null | undefined;
    if (category !== undefined) {
      const row = await db.selectFrom('category').select('id').where('slug', '=', category).executeTakeFirst();
      categoryId = row?.id ?? null;
    }
    return { minPrice, maxPrice, inStock, minRating, categoryId };
  }

  /** When the text finds nothing: the other layout, then spelling; the first that finds animals. */
  async function corrected(
    counted: TotalsOf,
    search: string,
    filters: ResolvedFilters,
  ): Promise<{ match: Match; total: number; text: string; correction: 'layout' | 'spelling' } | undefined> {
    const layout = otherLayout(search);
    if (layout !== undefined) {
      const match = await matchFor(db, layout);
      const total = await totalOf(counted, match, filters);
      if (total > 0) return { match, total, text: layout, correction: 'layout' };
    }
    const vocabulary = await counted.of<Vocabulary>('vocabulary\u0000', () => loadVocabulary(db));
    const spelled = correctSpelling(search, vocabulary);
    if (spelled !== undefined) {
      const match = await matchFor(db, spelled);
      const total = await totalOf(counted, match, filters);
      if (total > 0) return { match, total, text: spelled, correction: 'spelling' };
    }
    return undefined;
  }

  async function searchAnimals(query: AnimalSearchQuery): Promise<AnimalSearchResult> {
    const counted = await totals.current();
    const filters = await resolveFilters(query);
    let match = await matchFor(db, query.search);
    let total = await totalOf(counted, match, filters);
    let correction: { correctedQuery: string; correction: 'layout' | 'spelling' } | undefined;
    if (total === 0 && match.text && !match.none && !query.exact) {
      const found = await corrected(counted, query.search, filters);
      if (found) {
        ({ match, total } = found);
        correction = { correctedQuery: found.text, correction: found.correction };
      }
    }
    const facets = await facetsOf(counted, match, filters);
    const answer = (animals: AnimalSearchResult['animals']): AnimalSearchResult => ({
      animals,
      total,
      ...correction,
      facets,
    });

    const limit = query.limit;
    const offset = pageOffset(query);
    if (total === 0 || offset >= total) return answer([]);
    const conditions = filterConditions(filters);
    const filtered = conditions.length > 0;
    const sparse =
      (match.ids !== undefined || filtered) &&
      (sparseMatches !== undefined
        ? total <= sparseMatches
        : findMatchesFirst(total, await countAll(counted), offset + (limit ?? total)));
    const walkCondition = and(match.where ? [match.where, ...conditions] : conditions);
    const byPrice = query.sort === 'price';
    const ordered = SORT_COLUMNS[query.sort];

    // The whole list (no limit): one query.
    if (limit === undefined && !sparse) {
      const rows = await db
        .selectFrom('animal')
        .innerJoin('category', 'category.id', 'animal.category_id')
        .select(ANIMAL_COLUMNS)
        .where(walkCondition)
        .$call((qb) => ordered.reduce((sorted, column) => sorted.orderBy(`animal.${column}`), qb))
        .execute();
      return answer(rows.map(toAnimal));
    }
    // Walking: start from the nearest known page start (./anchors.ts), and read the row before the
    // page too, to remember where this page starts.
    const anchors = sparse ? [] : counted.anchors(`${query.sort}\u0000${match.text}\u0000${filtersKey(filters)}`);
    const from = startingAnchor(anchors, offset);
    const skip = offset - (from?.position ?? 0);
    const lead = !sparse && skip > 0 ? 1 : 0;
    const read = await db
      .with(
        (cte) => cte('matches').materialized(),
        (qb) =>
          sparse
            ? qb.selectFrom('animal').select('animal.id as match_id').where(matching(match, filters))
            : // Only ids, in the sort index's order: skipped rows are never read (SQLite: from the covering index).
              qb
                .selectFrom('animal')
                .select('animal.id as match_id')
                .where(walkCondition)
                .$if(from !== undefined && byPrice, (inner) =>
                  inner.where(
                    sql<boolean>`(animal.price, animal.name_key, animal.id) > (${from!.price}, ${from!.nameKey}, ${from!.id})`,
                  ),
                )
                .$if(from !== undefined && !byPrice, (inner) =>
                  inner.where(sql<boolean>`(animal.name_key, animal.id) > (${from!.nameKey}, ${from!.id})`),
                )
                .$call((inner) => ordered.reduce((sorted, column) => sorted.orderBy(`animal.${column}`), inner))
                .limit(limit! + lead)
                .offset(skip - lead),
      )
      .selectFrom('matches')
      .crossJoin('animal')
      .innerJoin('category', 'category.id', 'animal.category_id')
      .whereRef('animal.id', '=', 'matches.match_id')
      .select([...ANIMAL_COLUMNS, 'animal.name_key'])
      .$call((qb) => ordered.reduce((sorted, column) => sorted.orderBy(`animal.${column}`), qb))
      .$if(sparse && limit !== undefined, (qb) => qb.limit(limit!).offset(offset))
      .execute();
    const rows = read.slice(lead);
    const anchorAt = (position: number, row: (typeof read)[number] | undefined) =>
      row && rememberAnchor(anchors, { position, price: Number(row.price), nameKey: row.name_key, id: row.id });
    if (lead === 1 && read.length > 0) anchorAt(offset, read[0]);
    if (!sparse && rows.length === limit) anchorAt(offset + limit, rows.at(-1));
    return answer(rows.map(toAnimal));
  }

  return { searchAnimals };
}
