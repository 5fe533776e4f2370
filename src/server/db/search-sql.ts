/**
 * The search rules of src/lib/search-words.ts as SQL, the same on both databases: which animals a
 * search matches (the literal rule and the word rule, both through the trigram index of `animal_search`,
 * the word forms found in `search_word`), the filters, and what the rules need to know about the
 * catalogue (its words).
 */
import { sql, type RawBuilder } from 'kysely';
import { vocabularyOf, type Vocabulary } from '../../lib/search-corrections.ts';
import { catalogueWords, planSearch, withoutPrefixes, wordsOf, type SearchPlan } from '../../lib/search-words.ts';
import { SHOWN_TO_SHOPPERS } from './shown.ts';
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

/** Which animals a search matches, as SQL. */
export interface Match {
  /** The folded text: part of the keys totals and page starts are kept under. */
  text: string;
  /** Matches nothing (a text no stored text can hold). */
  none: boolean;
  /** A condition on an `animal` row; undefined: every animal. */
  where?: RawBuilder<boolean>;
  /** A select of the matching animals' ids (one column), found through the indexes; undefined: every animal. */
  ids?: RawBuilder<unknown>;
}

/**
 * For each query word, the `like` patterns of the stored words (`search_words`, `name_words`) it matches:
 * the word itself, the catalogue's words that have one of its base forms (from `search_word`), and for
 * the last word the start of any word. All are answered by the trigram index (the spaces count).
 */
export async function wordPatterns(db: ShopDatabase, plan: SearchPlan): Promise<string[][]> {
  const bases = [...new Set(plan.words.flatMap((query) => query.bases))];
  const forms =
    bases.length === 0
      ? []
      : await db.selectFrom('search_word').select(['word', 'base']).where('base', 'in', bases).execute();
  return plan.words.map((query) => {
    const words = new Set([
      query.word,
      ...forms.filter((form) => query.bases.includes(form.base)).map((form) => form.word),
    ]);
    return [...[...words].map((word) => `% ${word} %`), ...query.starts.map((start) => `% ${start}%`)];
  });
}

/** The longest run of characters a `like` pattern must contain: the trigram indexes need three. */
function longestRun(pattern: string): number {
  return Math.max(...pattern.split('%').map((run) => [...run].length));
}

/**
 * The query word the search starts from: the one with the fewest patterns, all of them answerable by the
 * trigram index (three characters in a row), longest patterns first on ties. Its patterns are looked up
 * in the index; every other word is then checked on the rows found, not looked up itself.
 */
function driver(patterns: readonly string[][]): number {
  const cost = (list: readonly string[]) =>
    list.some((pattern) => longestRun(pattern) < 3) ? Infinity : list.length * 1000 - Math.min(...list.map(longestRun));
  let best = 0;
  patterns.forEach((list, index) => {
    if (cost(list) < cost(patterns[best]!)) best = index;
  });
  return best;
}

/** Most selects a search is written as, one per choice of a pattern for each word; more: see wordIds. */
const MAX_COMBINATIONS = 24;

/** A word's patterns without those another covers: '% קטנ %' (the word) is inside '% קטנ%' (its start). */
function pruned(list: readonly string[]): string[] {
  const starts = list.filter((pattern) => !pattern.endsWith(' %')).map((pattern) => pattern.slice(0, -1));
  return list.filter((pattern) => !pattern.endsWith(' %') || !starts.some((start) => pattern.startsWith(start)));
}

/**
 * Ids of the animals whose stored words (all of them, or the name's) match every query word's patterns:
 * one select per choice of a pattern for each word, its patterns joined by `and` (the trigram index
 * answers them together: SQLite's plan reads `INDEX 0:L1L1`), united. When the choices are too many,
 * one word's patterns are looked up and the others checked on the rows found.
 */
export function wordIds(patterns: readonly string[][], column: 'search_words' | 'name_words'): RawBuilder<unknown> {
  const stored = sql.ref(`animal_search.${column}`);
  const lists = patterns.map(pruned);
  const combinations = lists.reduce((product, list) => product * list.length, 1);
  if (combinations <= MAX_COMBINATIONS) {
    let chosen: string[][] = [[]];
    for (const list of lists) chosen = chosen.flatMap((choice) => list.map((pattern) => [...choice, pattern]));
    return sql.join(
      chosen.map(
        (choice) =>
          sql`select animal_search.animal_id from animal_search where ${sql.join(
            choice.map((pattern) => sql`${stored} like ${pattern}`),
            sql` and `,
          )}`,
      ),
      sql` union `,
    );
  }
  const first = driver(lists);
  const others = lists
    .filter((_, index) => index !== first)
    .map(
      (list) =>
        sql<boolean>`(${sql.join(
          list.map((pattern) => sql`${stored} like ${pattern}`),
          sql` or `,
        )})`,
    );
  const rest = others.length === 0 ? sql`` : sql` and ${sql.join(others, sql` and `)}`;
  // One indexed `like` per select (SQLite's FTS5 answers one pattern, or several joined by `and`, from its index).
  return sql.join(
    lists[first]!.map(
      (pattern) => sql`select animal_search.animal_id from animal_search where ${stored} like ${pattern}${rest}`,
    ),
    sql` union `,
  );
}

/** A search read with what the rules need from the catalogue, as SQL. */
export async function matchFor(db: ShopDatabase, search: string): Promise<Match> {
  const plan = await planWithCatalogue(db, search);
  const { text } = plan;
  // No stored text holds U+0000 (PostgreSQL's text cannot; SQLite's LIKE would stop reading the pattern there).
  if (text.includes('\u0000')) return { text, none: true };
  if (!text) return { text, none: false };
  const exact = likePattern(text);
  const literal = sql<boolean>`animal.search_text like ${exact} escape '\\'`;
  const literalIds = sql`select animal_search.animal_id from animal_search where animal_search.search_text like ${indexPattern(text)} and animal_search.search_text like ${exact} escape '\\'`;
  let patterns = plan.words.length === 0 ? [] : await wordPatterns(db, plan);
  // One word: a pattern whose word holds the whole text finds nothing the literal rule does not.
  if (patterns.length === 1) {
    patterns = [patterns[0]!.filter((pattern) => !pattern.slice(1, -1).trim().includes(text))];
  }
  if (patterns.length === 0 || patterns[0]!.length === 0) return { text, none: false, where: literal, ids: literalIds };
  const words = wordIds(patterns, 'search_words');
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
  if ([minPrice, maxPrice, inStock || undefined, minRating, categoryId].every((value) => value === undefined))
    return '';
  return JSON.stringify([minPrice ?? null, maxPrice ?? null, inStock ?? false, minRating ?? null, categoryId]);
}

/**
 * Reads a search with what the rules need from the catalogue: which of its Hebrew words (those that
 * could be read as prefix letters + a word) are catalogue words as they stand. One indexed lookup.
 */
export async function planWithCatalogue(db: ShopDatabase, search: string): Promise<SearchPlan> {
  const candidates = [...new Set(wordsOf(search).filter((word) => withoutPrefixes(word).length > 0))];
  if (candidates.length === 0) return planSearch(search, () => false);
  const rows = await db.selectFrom('search_word').select('word').where('word', 'in', candidates).execute();
  const known = new Set(rows.map((row) => row.word));
  return planSearch(search, (word) => known.has(word));
}

/** Above this many words of hidden animals, which shown animals still have them is read in one scan. */
const HIDDEN_WORDS_ONE_BY_ONE = 300;

/**
 * The catalogue's words for spelling corrections (kept per catalogue version): without the words only
 * hidden animals have — a correction to one of them would find nothing a shopper may see (and the static
 * build's list, made from shown animals, has none of them either).
 */
export async function loadVocabulary(db: ShopDatabase): Promise<Vocabulary> {
  const rows = await db.selectFrom('search_word').select('word').execute();
  const words = new Set(rows.map((row) => row.word));
  const hidden = await db
    .selectFrom('animal')
    .select(['name', 'description'])
    .where(sql<boolean>`hidden`)
    .execute();
  const candidates = [
    ...new Set(hidden.flatMap((animal) => catalogueWords(animal.name, animal.description).map(({ word }) => word))),
  ].filter((word) => words.has(word));
  if (candidates.length > HIDDEN_WORDS_ONE_BY_ONE) {
    const shown = new Set<string>();
    const stored = await db.selectFrom('animal').select('search_words').where(SHOWN_TO_SHOPPERS).execute();
    for (const { search_words } of stored) for (const word of search_words.split(' ')) shown.add(word);
    for (const word of candidates) if (!shown.has(word)) words.delete(word);
  } else {
    for (const word of candidates) {
      const shown = await db
        .selectFrom('animal')
        .select('animal.id')
        .where(sql<boolean>`animal.id in (${wordIds([[`% ${word} %`]], 'search_words')})`)
        .where(SHOWN_TO_SHOPPERS)
        .limit(1)
        .executeTakeFirst();
      if (!shown) words.delete(word);
    }
  }
  return vocabularyOf(words);
}

/** Runs a `select count(*) as total …` and reads its number. */
export async function countRows(db: ShopDatabase, query: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ total: number | string | bigint }>`${query}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}
