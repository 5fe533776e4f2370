/**
 * The search rules of src/lib/search-words.ts as SQL, the same on both databases: which animals a
 * search matches (the literal rule through the trigram index, `animal_search`; the word rule through
 * `animal_word`), the filters, and what the rules need to know about the catalogue (its words).
 */
import { sql, type RawBuilder } from 'kysely';
import { vocabularyOf, type Vocabulary } from '../../lib/search-corrections.ts';
import { planSearch, withoutPrefixes, wordsOf, type QueryWord, type SearchPlan } from '../../lib/search-words.ts';
import type { ShopDatabase } from './tables.ts';

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

/** After every string that starts with a prefix, in binary (UTF-8 byte) order: `word >= p and word < p || TOP`. */
const TOP = '\u{10FFFF}';

/** Which animals a search matches, as SQL. */
export interface Match {
  /** The folded text: part of the keys totals and anchors are kept under. */
  text: string;
  /** Matches nothing (a text no stored text can hold). */
  none: boolean;
  /** A condition on an `animal` row; undefined: every animal. */
  where?: RawBuilder<boolean>;
  /** A select of the matching animals' ids (one column), found through the indexes; undefined: every animal. */
  ids?: RawBuilder<unknown>;
}

/** The catalogue words (animal_word rows) a query word matches. */
function wordCondition(query: QueryWord): RawBuilder<boolean> {
  const parts = [sql<boolean>`animal_word.word = ${query.word}`];
  if (query.bases.length > 0) parts.push(sql<boolean>`animal_word.base in (${sql.join(query.bases)})`);
  for (const start of query.starts) {
    parts.push(sql<boolean>`(animal_word.word >= ${start} and animal_word.word < ${start + TOP})`);
  }
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

/** Ids of the animals with a word for every query word (name words only, for suggestions). */
export function wordIds(words: readonly QueryWord[], namesOnly = false): RawBuilder<unknown> {
  const inName = namesOnly ? sql`animal_word.in_name = 1 and ` : sql``;
  return sql.join(
    words.map((query) => sql`select animal_word.animal_id from animal_word where ${inName}${wordCondition(query)}`),
    sql` intersect `,
  );
}

export function matchOf(plan: SearchPlan): Match {
  const { text } = plan;
  // No stored text holds U+0000 (PostgreSQL's text cannot; SQLite's LIKE would stop reading the pattern there).
  if (text.includes('\u0000')) return { text, none: true };
  if (!text) return { text, none: false };
  const exact = likePattern(text);
  const literal = sql<boolean>`animal.search_text like ${exact} escape '\\'`;
  const literalIds = sql`select animal_search.animal_id from animal_search where animal_search.search_text like ${indexPattern(text)} and animal_search.search_text like ${exact} escape '\\'`;
  if (plan.words.length === 0) return { text, none: false, where: literal, ids: literalIds };
  const words = wordIds(plan.words);
  // (A intersect B) union C on both: SQLite reads compounds left to right, PostgreSQL binds intersect first.
  return {
    text,
    none: false,
    where: sql<boolean>`(${literal} or animal.id in (${words}))`,
    ids: sql`${words} union ${literalIds}`,
  };
}

/** The filters, resolved: the category as its id (null: no such category, so nothing matches). */
export interface ResolvedFilters {
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  inStock?: boolean | undefined;
  minRating?: number | undefined;
  categoryId?: string | null | undefined;
}

/** The filters as conditions on `animal`, leaving out one (a facet counts without its own filter). */
export function filterConditions(filters: ResolvedFilters, without?: 'category' | 'price'): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  if (without !== 'price' && filters.minPrice !== undefined) conditions.push(sql`animal.price >= ${filters.minPrice}`);
  if (without !== 'price' && filters.maxPrice !== undefined) conditions.push(sql`animal.price <= ${filters.maxPrice}`);
  if (filters.inStock) conditions.push(sql`animal.count_in_stock > 0`);
  if (filters.minRating !== undefined) conditions.push(sql`animal.rating >= ${filters.minRating}`);
  if (without !== 'category' && filters.categoryId !== undefined) {
    conditions.push(filters.categoryId === null ? sql`1 = 0` : sql`animal.category_id = ${filters.categoryId}`);
  }
  return conditions;
}

/** A stable text for the filters, for cache keys ('' without filters). */
export function filtersKey(filters: ResolvedFilters): string {
  const { minPrice, maxPrice, inStock, minRating, categoryId } = filters;
  if ([minPrice, maxPrice, inStock || undefined, minRating, categoryId].every((value) => value === undefined)) return '';
  return JSON.stringify([minPrice ?? null, maxPrice ?? null, inStock ?? false, minRating ?? null, categoryId]);
}

/**
 * Reads a search with what the rules need from the catalogue: which of its Hebrew words (those that
 * could be read as prefix letters + a word) are catalogue words as they stand. One indexed lookup.
 */
export async function planWithCatalogue(db: ShopDatabase, search: string): Promise<SearchPlan> {
  const candidates = [...new Set(wordsOf(search).filter((word) => withoutPrefixes(word).length > 0))];
  if (candidates.length === 0) return planSearch(search, () => false);
  const rows = await db.selectFrom('animal_word').select('word').distinct().where('word', 'in', candidates).execute();
  const known = new Set(rows.map((row) => row.word));
  return planSearch(search, (word) => known.has(word));
}

/** The catalogue's words and how many animals have each (for spelling corrections; kept per catalogue version). */
export async function loadVocabulary(db: ShopDatabase): Promise<Vocabulary> {
  const rows = await db
    .selectFrom('animal_word')
    .select((eb) => ['word', eb.fn.countAll<number | string | bigint>().as('animals')])
    .groupBy('word')
    .execute();
  return vocabularyOf(new Map(rows.map((row) => [row.word, Number(row.animals)])));
}

/** Runs a `select count(*) as total …` and reads its number. */
export async function countRows(db: ShopDatabase, query: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ total: number | string | bigint }>`${query}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}
