/**
 * Every catalogue query, written once for both dialects. Answers are the API's
 * entities (src/lib/schemas.ts), so pages and the API hand them on as they are.
 */
import { sql, type Selectable } from 'kysely';
import { pageOffset, searchNeedle, SORT_COLUMNS } from '../../lib/search-rules.ts';
import {
  ID_PATTERN,
  SLUG_PATTERN,
  type Animal,
  type AnimalSearchQuery,
  type AnimalSearchResult,
  type Category,
  type CategoryDetail,
  type PageQuery,
} from '../../lib/schemas.ts';
import type { AnimalTable, CategoryTable, ShopDatabase } from './tables.ts';
import { rememberAnchor, startingAnchor } from './anchors.ts';
import { createTotals, MAX_CACHED_TOTALS } from './totals.ts';

export function toCategory(row: Selectable<CategoryTable>): Category {
  return { _id: row.id, slug: row.slug, name: row.name, description: row.description, img: row.img };
}

type AnimalRow = Omit<Selectable<AnimalTable>, 'name_key' | 'search_text' | 'category_id' | 'version' | 'hidden'> & {
  category_slug: string;
};

function toAnimal(row: AnimalRow): Animal {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    img: row.img,
    price: Number(row.price),
    countInStock: Number(row.count_in_stock),
    rating: Number(row.rating),
    numReviews: Number(row.num_reviews),
    category: row.category_slug,
  };
}

const NUL = '\u0000';

/** '%' and '_' in a shopper's text are literal characters, not wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The pattern the search index answers: `like` without `escape` (SQLite hands only that form to its
 * FTS5 table; PostgreSQL's default escape is the backslash, so none may remain), each run of
 * '%', '_' or backslash replaced by a wildcard. It matches every text likePattern matches, and more only
 * when the text holds one of those characters; queries pair the two.
 */
export function indexPattern(text: string): string {
  return `%${text.replace(/[\\%_]+/g, '%')}%`;
}

/** The columns an Animal is made of (animal joined with its category). */
const ANIMAL_COLUMNS = [
  'animal.id',
  'animal.slug',
  'animal.name',
  'animal.description',
  'animal.img',
  'animal.price',
  'animal.count_in_stock',
  'animal.rating',
  'animal.num_reviews',
  'category.slug as category_slug',
] as const;

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

/** Rows to skip for a page: none without a limit (the whole list), else (page - 1) × limit. */
function offsetOf(paging: PageQuery): number {
  return pageOffset(paging);
}

export interface CatalogueOptions {
  /**
   * Tests set this to 0 (always walk the index) or Infinity (always find the matches first, up to
   * that many); otherwise findMatchesFirst decides.
   */
  sparseMatches?: number;
  /** Most totals cached (./totals.ts); 0 counts every time. */
  cachedTotals?: number;
}

export function createCatalogue(
  db: ShopDatabase,
  { sparseMatches, cachedTotals = MAX_CACHED_TOTALS }: CatalogueOptions = {},
) {
  const animals = () =>
    db.selectFrom('animal').innerJoin('category', 'category.id', 'animal.category_id').select(ANIMAL_COLUMNS);
  const totals = createTotals(db, cachedTotals);
  const countOf = async (query: { executeTakeFirstOrThrow(): Promise<{ total: number | string | bigint }> }) =>
    Number((await query.executeTakeFirstOrThrow()).total);

  const catalogue = {
    async listCategories(): Promise<Category[]> {
      const rows = await db.selectFrom('category').selectAll().orderBy('position').orderBy('id').execute();
      return rows.map(toCategory);
    },

    /** A category by slug; undefined for an unknown or malformed slug. */
    async findCategory(slug: string): Promise<Category | undefined> {
      if (!SLUG_PATTERN.test(slug)) return undefined;
      const row = await db.selectFrom('category').selectAll().where('slug', '=', slug).executeTakeFirst();
      return row && toCategory(row);
    },

    /**
     * A category with one page of its animals (Hebrew name order; all of them without a limit) and
     * how many it has (counted in the database); undefined for an unknown or malformed slug.
     */
    async findCategoryDetail(slug: string, paging: PageQuery = {}): Promise<CategoryDetail | undefined> {
      const category = await catalogue.findCategory(slug);
      if (!category) return undefined;
      const total = await (
        await totals.current()
      ).of(`category\u0000${category._id}`, () =>
        countOf(
          db
            .selectFrom('animal')
            .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
            .where('animal.category_id', '=', category._id),
        ),
      );
      const offset = offsetOf(paging);
      if (total === 0 || offset >= total) return { category, animals: [], total };
      // Ids first (from the category index alone), then their rows: a deep page reads 24 rows, not all it skips.
      const rows = await db
        .with(
          (cte) => cte('matches').materialized(),
          (qb) =>
            qb
              .selectFrom('animal')
              .select('animal.id as match_id')
              .where('animal.category_id', '=', category._id)
              .$call((qb) => SORT_COLUMNS.name.reduce((ordered, column) => ordered.orderBy(`animal.${column}`), qb))
              .$if(paging.limit !== undefined, (inner) => inner.limit(paging.limit!).offset(offset)),
        )
        .selectFrom('matches')
        .crossJoin('animal')
        .innerJoin('category', 'category.id', 'animal.category_id')
        .whereRef('animal.id', '=', 'matches.match_id')
        .select(ANIMAL_COLUMNS)
        .$call((qb) => SORT_COLUMNS.name.reduce((ordered, column) => ordered.orderBy(`animal.${column}`), qb))
        .execute();
      return { category, animals: rows.map(toAnimal), total };
    },

    /** An animal by id; undefined for an unknown or malformed id. */
    async findAnimal(id: string): Promise<Animal | undefined> {
      if (!ID_PATTERN.test(id)) return undefined;
      const row = await animals().where('animal.id', '=', id).executeTakeFirst();
      return row && toAnimal(row);
    },

    /**
     * Name and description, literal text, Hebrew-folded; sorted by name or by price (ties by name).
     * One query path for both databases (docs/decisions/search-index.md):
     * 1. The total: cached per search and catalogue version (./totals.ts), else counted in
     *    `animal_search` (SQLite: FTS5 trigram index; PostgreSQL: pg_trgm) with the index pattern
     *    and the exact literal pattern together. Nothing to show (no match, a page past the end): done.
     * 2. The page, as ids first (a materialized CTE), then their rows (CROSS JOIN keeps SQLite from
     *    reordering the join, and means an inner join to PostgreSQL). Many matches: the ids come from
     *    walking the sort order's index and filtering, which stops as soon as the page is full (on
     *    SQLite the sort indexes hold the search text, so the rows skipped for a deep page are never
     *    read). Few matches (see findMatchesFirst): walking would visit most of the catalogue to find
     *    them, so the ids are every match, found in `animal_search`, and just those are sorted.
     */
    async searchAnimals(query: AnimalSearchQuery): Promise<AnimalSearchResult> {
      const folded = searchNeedle(query.search);
      // No stored text holds U+0000 (PostgreSQL's text cannot; SQLite's LIKE would stop reading the pattern there).
      if (folded.includes(NUL)) return { animals: [], total: 0 };
      const exact = likePattern(folded);
      const literal = sql<boolean>`animal.search_text like ${exact} escape '\\'`;
      const indexed = sql<boolean>`animal_search.search_text like ${indexPattern(folded)} and animal_search.search_text like ${exact} escape '\\'`;
      const counted = await totals.current();
      const countAll = () =>
        counted.of('search\u0000', () =>
          countOf(db.selectFrom('animal').select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))),
        );
      const total = !folded
        ? await countAll()
        : await counted.of(`search\u0000${folded}`, () =>
            countOf(
              db
                .selectFrom('animal_search')
                .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
                .where(indexed),
            ),
          );
      const limit = query.limit;
      const offset = offsetOf(query);
      if (total === 0 || offset >= total) return { animals: [], total };
      const sparse =
        Boolean(folded) &&
        (sparseMatches !== undefined
          ? total <= sparseMatches
          : findMatchesFirst(total, await countAll(), offset + (limit ?? total)));

      const byPrice = query.sort === 'price';
      // The whole list (no limit): one query.
      if (limit === undefined && !sparse) {
        const rows = await animals()
          .$if(Boolean(folded), (qb) => qb.where(literal))
          .$call((qb) => SORT_COLUMNS[query.sort].reduce((ordered, column) => ordered.orderBy(`animal.${column}`), qb))
          .execute();
        return { animals: rows.map(toAnimal), total };
      }
      // Walking: start from the nearest known page start (./anchors.ts), and read the row before the
      // page too, to remember where this page starts.
      const anchors = sparse ? [] : counted.anchors(`${query.sort}\u0000${folded}`);
      const from = startingAnchor(anchors, offset);
      const skip = offset - (from?.position ?? 0);
      const lead = !sparse && skip > 0 ? 1 : 0;
      const read = await db
        .with(
          (cte) => cte('matches').materialized(),
          (qb) =>
            sparse
              ? qb.selectFrom('animal_search').select('animal_search.animal_id as match_id').where(indexed)
              : // Only ids, in the sort index's order: skipped rows are never read (SQLite: from the covering index).
                qb
                  .selectFrom('animal')
                  .select('animal.id as match_id')
                  .$if(Boolean(folded), (inner) => inner.where(literal))
                  .$if(from !== undefined && byPrice, (inner) =>
                    inner.where(
                      sql<boolean>`(animal.price, animal.name_key, animal.id) > (${from!.price}, ${from!.nameKey}, ${from!.id})`,
                    ),
                  )
                  .$if(from !== undefined && !byPrice, (inner) =>
                    inner.where(sql<boolean>`(animal.name_key, animal.id) > (${from!.nameKey}, ${from!.id})`),
                  )
                  .$call((inner) =>
                    SORT_COLUMNS[query.sort].reduce((ordered, column) => ordered.orderBy(`animal.${column}`), inner),
                  )
                  .limit(limit! + lead)
                  .offset(skip - lead),
        )
        .selectFrom('matches')
        .crossJoin('animal')
        .innerJoin('category', 'category.id', 'animal.category_id')
        .whereRef('animal.id', '=', 'matches.match_id')
        .select([...ANIMAL_COLUMNS, 'animal.name_key'])
        .$call((qb) => SORT_COLUMNS[query.sort].reduce((ordered, column) => ordered.orderBy(`animal.${column}`), qb))
        .$if(sparse && limit !== undefined, (qb) => qb.limit(limit!).offset(offset))
        .execute();
      const rows = read.slice(lead);
      const anchorAt = (position: number, row: (typeof read)[number] | undefined) =>
        row && rememberAnchor(anchors, { position, price: Number(row.price), nameKey: row.name_key, id: row.id });
      if (lead === 1 && read.length > 0) anchorAt(offset, read[0]);
      if (!sparse && rows.length === limit) anchorAt(offset + limit, rows.at(-1));
      return { animals: rows.map(toAnimal), total };
    },
  };
  return catalogue;
}

export type Catalogue = ReturnType<typeof createCatalogue>;
