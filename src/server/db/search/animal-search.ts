/**
 * GET /api/animals/search on both databases: words in any order, their forms (src/lib/search-words.ts),
 * the literal text as before, filters, corrections when nothing matches (the other keyboard layout,
 * then spelling: src/lib/search-corrections.ts), and facets. docs/decisions/search-index.md.
 *
 * A text or filters, when the catalogue index of the search's catalogue version is read
 * (src/lib/catalogue-index.ts, docs/decisions/search-index-in-memory.md): its matches from there, without a
 * statement, then its facets, total and page as in 0. Otherwise (a large catalogue whose index is being
 * read, or larger than SEARCH_INDEX_ANIMALS), in SQL:
 * 0. A text expected to match few enough animals: its matches read once (and kept, MATCHES_KEPT, for
 *    the same text's other pages, sorts and filters), then its facets, total and page worked out in the
 *    process (./matches-read.ts); only the page's animals read.
 * 1. Otherwise the total and the facets: kept per search, filters and catalogue version (./totals-per-version.ts),
 *    else counted in one grouped query over the matches (a text's: Match.rows, read from `animal_word`,
 *    in the same statement as the page's ids; without text: `animal`). Nothing to show (no match, a
 *    page past the end): done.
 * 2. The page, as ids first (a materialized CTE), then their rows (CROSS JOIN keeps SQLite from
 *    reordering the join, and means an inner join to PostgreSQL). A text: its matches sorted by the
 *    columns they carry (pageOfMatches). Without text: walking the sort order's index and filtering,
 *    which stops as soon as the page is full, or, for filters matching few animals (findMatchesFirst),
 *    every match found through the filters' index and just those sorted.
 */
import { dialectOf } from '../database.ts';
import { shownCondition } from '../catalogue/shown-to-shoppers.ts';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { correctSpelling, otherLayout, type Vocabulary } from '../../../lib/search-corrections.ts';
import { pageOffset, SORT_COLUMNS } from '../../../lib/search-rules.ts';
import type { AnimalSearchQuery, AnimalSearchResult, SearchFacets } from '../../../lib/schemas.ts';
import { ANIMAL_COLUMNS, animalsInOrder, toAnimal } from '../catalogue/animal-rows.ts';
import { rememberPageStart, pageStartFor } from './page-starts.ts';
import {
  and,
  filterConditions,
  filtersKey,
  loadVocabulary,
  matchFor,
  type Match,
  type ResolvedFilters,
} from './search-sql.ts';
import type { Totals, TotalsOf } from './totals-per-version.ts';
import { categoriesOf, facetsAndTotal, pageOfMatches, type PageWanted } from './search-facets-sql.ts';
import { MATCHES_READ_AT_ONCE, pageOfRead, readMatches, type ReadMatch } from './matches-read.ts';
import { facetsOf, type SearchFilters } from '../../../lib/search-filters.ts';
import type { ShopDatabase } from '../tables.ts';
import {
  catalogueSize,
  createCatalogueIndexKeeper,
  type CatalogueIndexKeeper,
} from '../catalogue-index/catalogue-index-keeper.ts';

/**
 * Reading one match found first (in `animal_search`, then its row for the sort keys) costs about
 * this many times stepping once along a sort index (measured: SQLite about 20×, where the walk reads
 * only its covering index; PostgreSQL about 1.5×, where it reads the row too — a middle value keeps
 * either choice within a few times the better one).
 */
const MATCH_COST = 5;

/**
 * How a search page is read: walk the sort order's index until the page is full, which steps over
 * about (offset + limit) × catalogue / matches rows, or find every match and sort them, which costs
 * about MATCH_COST steps per match. The cheaper one. Page 1 of a 100,000-animal catalogue finds the
 * matches first up to about 700 of them; page 100 up to about 7,000.
 */
function findMatchesFirst(matches: number, catalogue: number, end: number): boolean {
  return matches * MATCH_COST < (end * catalogue) / matches;
}

/**
 * Most matches kept read (in all, across texts; least recently used texts go first): a text asked again
 * — another page, sort or filter, as a shopper narrows a search — is filtered and sorted from memory,
 * without finding its matches again. About 400 bytes a match (measured: 50,000 took 19 MB of heap), so
 * at most about 8 MB: the texts a few shoppers are narrowing at once.
 */
const MATCHES_KEPT = 20_000;

interface AnimalSearchOptions {
  /** Tests: 0 always walks the index, Infinity always finds the matches first; else findMatchesFirst decides. */
  sparseMatches?: number | undefined;
  /** Tests: 0 always counts and sorts a text's matches in SQL; default MATCHES_READ_AT_ONCE. */
  matchesReadAtOnce?: number | undefined;
  /** Most matches kept read across texts (MATCHES_KEPT); 0 keeps none. */
  matchesKept?: number | undefined;
  /** The catalogue index in memory (../catalogue-index/catalogue-index-keeper.ts), shared with suggestions; none: one of its own. */
  index?: CatalogueIndexKeeper | undefined;
}

/** A search's facets and total, with its matches read into the process, or its page's ids counted along. */
type Found = {
  match: Pick<Match, 'text' | 'none'> & Partial<Match>;
  facets: SearchFacets;
  total: number;
  matches?: readonly ReadMatch[];
  pageIds?: string[];
};

/** The filters as src/lib/search-filters.ts reads them (a match's category is its id here). */
const asFilters = ({ categoryId, ...filters }: ResolvedFilters): SearchFilters => ({
  ...filters,
  category: categoryId,
});

export function createAnimalSearch(
  db: ShopDatabase,
  totals: Totals,
  {
    sparseMatches,
    matchesReadAtOnce = MATCHES_READ_AT_ONCE[dialectOf(db)],
    matchesKept = MATCHES_KEPT,
    index = createCatalogueIndexKeeper(db),
  }: AnimalSearchOptions = {},
) {
  /** Texts' matches read, under the catalogue's version and the text as typed. */
  const kept =
    matchesKept > 0
      ? new LRUCache<string, { match: Match; matches: ReadMatch[] }>({
          maxSize: matchesKept,
          sizeCalculation: (entry) => Math.max(1, entry.matches.length),
        })
      : undefined;

  /**
   * A text's facets and total, and its matches when they were read into the process (else, when counted
   * now in SQL, the ids of the page `wanted`).
   */
  async function matched(
    counted: TotalsOf,
    search: string,
    filters: ResolvedFilters,
    wanted: PageWanted | undefined,
  ): Promise<Found> {
    // A text, or filters: from the catalogue index when it is read for this version.
    const indexed = search || filtersKey(filters) ? await index.of(counted) : undefined;
    if (indexed) {
      const { matches, ...match } = indexed.matches(search);
      return { match, matches, ...facetsOf(matches, asFilters(filters), await categoriesOf(db, counted)) };
    }
    const key = `${counted.version}\u0000${search}`;
    let read = kept?.get(key);
    if (!read) {
      const match = await matchFor(db, search, counted);
      const matches = await readMatches(db, match, matchesReadAtOnce, () => catalogueSize(db, counted));
      if (!matches) return { match, ...(await facetsAndTotal(db, counted, match, filters, wanted)) };
      read = { match, matches };
      kept?.set(key, read);
    }
    return { ...read, ...facetsOf(read.matches, asFilters(filters), await categoriesOf(db, counted)) };
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
    wanted: PageWanted | undefined,
  ): Promise<{ found: Found; text: string; correction: 'layout' | 'spelling' } | undefined> {
    const layout = otherLayout(search);
    if (layout !== undefined) {
      const found = await matched(counted, layout, filters, wanted);
      if (found.total > 0) return { found, text: layout, correction: 'layout' };
    }
    const vocabulary = await counted.of<Vocabulary>('vocabulary\u0000', () => loadVocabulary(db));
    const spelled = correctSpelling(search, vocabulary);
    if (spelled !== undefined) {
      const found = await matched(counted, spelled, filters, wanted);
      if (found.total > 0) return { found, text: spelled, correction: 'spelling' };
    }
    return undefined;
  }

  async function searchAnimals(query: AnimalSearchQuery): Promise<AnimalSearchResult> {
    const counted = await totals.current();
    const filters = await resolveFilters(query);
    const limit = query.limit;
    const offset = pageOffset(query);
    const ordered = SORT_COLUMNS[query.sort];
    const wanted = limit === undefined ? undefined : { ordered, limit, offset };
    let { match, facets, total, matches, pageIds } = await matched(counted, query.search, filters, wanted);
    let correction: { correctedQuery: string; correction: 'layout' | 'spelling' } | undefined;
    if (total === 0 && match.text && !match.none && !query.exact) {
      const found = await corrected(counted, query.search, filters, wanted);
      if (found) {
        ({ match, facets, total, matches, pageIds } = found.found);
        correction = { correctedQuery: found.text, correction: found.correction };
      }
    }
    const answer = (animals: AnimalSearchResult['animals']): AnimalSearchResult => ({
      animals,
      total,
      ...correction,
      facets,
    });

    if (total === 0 || offset >= total) return answer([]);
    if (matches) return answer(await pageOfRead(db, matches, asFilters(filters), query.sort, limit, offset));
    if (pageIds) return answer(await animalsInOrder(db, pageIds));
    if (match.rows) return answer(await pageOfMatches(db, match.rows, filters, ordered, limit, offset));
    const conditions = filterConditions(filters);
    const filtered = conditions.length > 0;
    // Below, a search without text (a text's page is pageOfMatches): filters alone, or every animal.
    const sparse =
      filtered &&
      (sparseMatches !== undefined
        ? total <= sparseMatches
        : findMatchesFirst(total, await catalogueSize(db, counted), offset + (limit ?? total)));
    const shown = await shownCondition(db, counted);
    const byPrice = query.sort === 'price';
    const walkCondition = and([
      shown,
      ...(match.where ? [match.where] : []),
      ...(sparse || byPrice ? conditions : filterConditions(filters, undefined, 'animal', { priceIndexed: false })),
    ]);

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
    // Walking: start from the nearest known page start (./page-starts.ts), and read the row before the
    // page too, to remember where this page starts.
    const pageStarts = sparse ? [] : counted.pageStarts(`${query.sort}\u0000${match.text}\u0000${filtersKey(filters)}`);
    const from = pageStartFor(pageStarts, offset);
    const skip = offset - (from?.position ?? 0);
    const lead = !sparse && skip > 0 ? 1 : 0;
    const read = await db
      .with(
        (cte) => cte('matches').materialized(),
        (qb) =>
          sparse
            ? qb.selectFrom('animal').select('animal.id as match_id').where(walkCondition)
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
    const startAt = (position: number, row: (typeof read)[number] | undefined) =>
      row && rememberPageStart(pageStarts, { position, price: Number(row.price), nameKey: row.name_key, id: row.id });
    if (lead === 1 && read.length > 0) startAt(offset, read[0]);
    if (!sparse && rows.length === limit) startAt(offset + limit, rows.at(-1));
    return answer(rows.map(toAnimal));
  }

  /** Reads the catalogue index of the current version, when one is kept (at start: then the first searches find it). */
  async function readSearchIndex(): Promise<void> {
    await index.of(await totals.current());
    await index.whenRead();
  }

  return { searchAnimals, readSearchIndex };
}
