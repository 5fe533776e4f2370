/**
 * The search rules of src/lib/search-words.ts as SQL, the same on both databases: which animals a
 * search matches (the literal rule: ./literal-sql.ts; the word rule through `animal_word`:
 * ./animal-word-sql.ts), the filters, and what the rules need to know about the catalogue (its words).
 */
import { sql, type RawBuilder } from 'kysely';
import { vocabularyOf, type Vocabulary } from '../../../lib/search-corrections.ts';
import { catalogueWords, planSearch, withoutPrefixes, wordsOf, type SearchPlan } from '../../../lib/search-words.ts';
import { SHOWN_TO_SHOPPERS } from '../catalogue/shown-to-shoppers.ts';
import { indexPattern, likePattern, literalRows, type MatchPart } from './literal-sql.ts';
import { wordChoices, wordIds, wordCounts, wordRowParts, type WordChoice } from './animal-word-sql.ts';
import type { TotalsOf } from './totals-per-version.ts';
import type { ShopDatabase } from '../tables.ts';

/** Which animals a search matches, as SQL. */
export interface Match {
  /** The folded text: part of the keys totals and page starts are kept under. */
  text: string;
  /** Matches nothing (a text no stored text can hold). */
  none: boolean;
  /** A condition on an `animal` row; undefined: every animal. */
  where?: RawBuilder<boolean>;
  /**
   * The matching animals shoppers are shown, one row each with the columns searches sort, filter and
   * count by (MATCH_COLUMNS), read from `animal_word` (and `animal` for the literal rule's few);
   * undefined: every animal.
   */
  rows?: RawBuilder<unknown>;
  /**
   * Match.rows as the selects they are made of, each of MATCH_COLUMNS, an animal maybe in several (or
   * more than once in one): read one by one when the matches are few enough to count and sort in the
   * process (src/server/db/search/animal-search.ts).
   */
  parts?: readonly MatchPart[];
  /**
   * Each query word's `animal_word` rows (counted up to COUNTED_ROWS): how broad the word rule is (or
   * the literal rule's candidates, when it alone is searched and they were counted).
   */
  wordRows?: number[];
}

/** The columns of Match.rows, named as on `animal`: what searches sort, filter and count by. */
export const MATCH_COLUMNS = ['id', 'name_key', 'price', 'category_id', 'rating', 'count_in_stock'] as const;

/**
 * A search read with what the rules need from the catalogue, as SQL; `counted` keeps what it learns
 * of the catalogue (how common each word is) for the catalogue's version.
 */
export async function matchFor(db: ShopDatabase, search: string, counted?: TotalsOf): Promise<Match> {
  const plan = await planWithCatalogue(db, search);
  const { text } = plan;
  // No stored text holds U+0000 (PostgreSQL's text cannot; SQLite's LIKE would stop reading the pattern there).
  if (text.includes('\u0000')) return { text, none: true };
  if (!text) return { text, none: false };
  const exact = likePattern(text);
  const literal = sql<boolean>`animal.search_text like ${exact} escape '\\'`;
  const literalIds = sql`select animal_search.animal_id from animal_search where animal_search.search_text like ${indexPattern(text)} and animal_search.search_text like ${exact} escape '\\'`;
  let choices = plan.words.length === 0 ? [] : await wordChoices(db, plan);
  // One word: a catalogue word (or start) that holds the whole text finds nothing the literal rule does not.
  if (choices.length === 1) {
    const [{ words, starts, typed }] = choices as [WordChoice];
    choices = [
      {
        words: words.filter((word) => !word.includes(text)),
        starts: starts.filter((start) => !start.includes(text)),
        typed,
      },
    ];
  }
  const counts = await wordCounts(db, choices, { counted });
  // A query word no catalogue word matches (a misspelling, the other layout) leaves the word rule empty:
  // then the literal rule finds every animal holding the text, through its words the rule does not match.
  const wordRule = counts.length > 0 && counts.every((rows) => rows > 0);
  const literalRule = await literalRows(db, text, literalIds, counted, choices);
  if (!wordRule) {
    return {
      text,
      none: false,
      where: literal,
      rows: literalRule.rows
        ? sql`select distinct * from (${literalRule.rows}) as literal`
        : sql`select ${sql.join(MATCH_COLUMNS.map((column) => sql.ref(`animal.${column}`)))} from animal where 1 = 0`,
      parts: literalRule.parts,
      ...(literalRule.wordRows === undefined ? {} : { wordRows: [literalRule.wordRows] }),
    };
  }
  const wordParts = wordRowParts(
    choices
      .map((choice, index) => ({ choice, rows: counts[index]! }))
      .sort((a, b) => b.rows - a.rows)
      .map(({ choice }) => choice),
  );
  return {
    text,
    none: false,
    wordRows: counts,
    where: sql<boolean>`(${literal} or animal.id in (${wordIds(choices)}))`,
    rows: sql.join([...wordParts, ...(literalRule.rows ? [literalRule.rows] : [])], sql` union `),
    // The words' rows first: the literal's candidates they already found need no check of their text.
    parts: [...wordParts.map((rows) => ({ rows })), ...literalRule.parts],
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
export function filterConditions(
  filters: ResolvedFilters,
  without?: 'category' | 'price',
  table: 'animal' | 'matches' = 'animal',
  { priceIndexed = true } = {},
): RawBuilder<boolean>[] {
  const column = (name: (typeof MATCH_COLUMNS)[number]) => sql.ref(`${table}.${name}`);
  // `+ 0`: a price no index answers, for walking another order (SQLite would read the price range and sort it).
  const price = priceIndexed ? column('price') : sql`(${column('price')} + 0)`;
  const conditions: RawBuilder<boolean>[] = [];
  if (without !== 'price' && filters.minPrice !== undefined) conditions.push(sql`${price} >= ${filters.minPrice}`);
  if (without !== 'price' && filters.maxPrice !== undefined) conditions.push(sql`${price} <= ${filters.maxPrice}`);
  if (filters.inStock) conditions.push(sql`${column('count_in_stock')} > 0`);
  if (filters.minRating !== undefined) conditions.push(sql`${column('rating')} >= ${filters.minRating}`);
  if (without !== 'category' && filters.categoryId !== undefined) {
    conditions.push(filters.categoryId === null ? sql`1 = 0` : sql`${column('category_id')} = ${filters.categoryId}`);
  }
  return conditions;
}

/** Conditions joined with `and` (none: true). */
export const and = (conditions: readonly RawBuilder<boolean>[]) =>
  conditions.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`${sql.join(conditions, sql` and `)}`;

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
        .where(sql<boolean>`animal.id in (${wordIds([{ words: [word], starts: [] }])})`)
        .where(SHOWN_TO_SHOPPERS)
        .limit(1)
        .executeTakeFirst();
      if (!shown) words.delete(word);
    }
  }
  return vocabularyOf(words);
}
