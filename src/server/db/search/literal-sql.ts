/**
 * The literal rule of src/lib/search-rules.ts as SQL, the same on both databases: the shown animals
 * whose folded text holds the folded search text — found through the catalogue's words where the text
 * lies in or across words (the word list `search_word`, the posting list `animal_word`), else through
 * the trigram index of `animal_search`. Used by ./search-sql.ts matchFor. docs/decisions/search-index.md.
 */
import { sql, type RawBuilder } from 'kysely';
import { literalRuns } from '../../../lib/search-words.ts';
import { SHOWN_TO_SHOPPERS } from '../catalogue/shown-to-shoppers.ts';
import { COUNTED_ROWS, FOUND_COLUMNS, type WordChoice } from './animal-word-sql.ts';
import type { TotalsOf } from './totals-per-version.ts';
import type { ShopDatabase } from '../tables.ts';

/** `text` in a `like` pattern (escape '\\'): '%', '_' and the backslash as plain characters. */
const escaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** '%' and '_' in a shopper's text are literal characters, not wildcards. */
export function likePattern(text: string): string {
  return `%${escaped(text)}%`;
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

/** A select of Match.parts. */
export interface MatchPart {
  /** Rows of MATCH_COLUMNS. */
  rows: RawBuilder<unknown>;
  /** Set: the rows are candidates, each a match only if its text holds this (checked with `holding`). */
  holding?: string;
}

/** What literalRows answers: Match.rows and Match.parts of the literal rule, and its rows when counted. */
interface LiteralRows {
  rows: RawBuilder<unknown> | undefined;
  parts: readonly MatchPart[];
  wordRows?: number;
}

/** Letters only: every place such a text is found in an animal's text is inside one of its words. */
const LETTERS = /^\p{L}+$/u;

/**
 * The literal finds no animal the word rule does not (or none at all): no rows to read, counted as 0
 * (with an empty word rule, ./search-sql.ts matchFor, the search matches nothing).
 */
const NOTHING: LiteralRows = { rows: undefined, parts: [], wordRows: 0 };

/** Most words one statement lists as parameters (SQLite allows 32,766 in all). */
const MAX_WORDS_LISTED = 1000;

/** `search_word` rows (the catalogue's words with a letter) matching a `like` pattern. */
const wordsLike = (pattern: string) =>
  sql`select search_word.word from search_word where search_word.word like ${pattern} escape '\\'`;

/**
 * Match.parts of the literal rule: the shown animals whose text holds `text`, with their MATCH_COLUMNS.
 * - Letters only: inside a word, so the animals with a catalogue word holding it (the word list is
 *   short: a scan of it, then those words' rows).
 * - Runs of letters and digits, each with a letter, joined by other characters but quotes (`חד-קרן`,
 *   `דרקון מנומר`): every place it is found is in words that end with the first run, start with the
 *   last, and are the runs between (each run's pattern). When the runs are the query's words
 *   (`choices`), an animal with, for every run, a word the word rule matches is found by the word rule
 *   already; the literal adds only animals with a word of some run's pattern that the rule does not
 *   match (`הדרקון` for `דרקון מנומר`): those words' rows, looked up in the other runs' sets, each
 *   checked against its text — usually none at all. Otherwise, with no space, every animal with words
 *   of every run's pattern is a candidate (the commonest run's rows read, looked up in the others'
 *   sets), unless a run is in COUNTED_ROWS rows or more; else the trigram index, which reads every
 *   animal with each three-letter piece of the text (measured on 100,000 animals: 70–90 ms for 'חד-קרן',
 *   5–40 ms for two words).
 * - Any other text, or any text while some animal has no stored words: the trigram index (`ids`).
 */
export async function literalRows(
  db: ShopDatabase,
  text: string,
  ids: RawBuilder<unknown>,
  counted: TotalsOf | undefined,
  choices: readonly WordChoice[],
): Promise<LiteralRows> {
  const kept = <T>(key: string, read: () => Promise<T>) => (counted ? counted.of(key, read) : read());
  /** `animal_word` rows meeting a condition, counted up to COUNTED_ROWS (kept per catalogue version). */
  const rowsOf = (condition: RawBuilder<boolean>) => {
    const query = sql`select count(*) as total from (select 1 from animal_word where ${condition} limit ${COUNTED_ROWS}) as some_rows`;
    const { sql: text, parameters } = query.compile(db);
    return kept(`literal rows\u0000${JSON.stringify(parameters)}\u0000${text}`, () => countRows(db, query));
  };
  // An animal written directly in SQL without its words is found only by its text itself.
  if (await kept('unworded\u0000', () => anyUnworded(db))) return trigramRows(ids);
  if (LETTERS.test(text)) {
    const words = wordsLike(likePattern(text));
    const rows = sql`select ${FOUND_COLUMNS} from animal_word as found
      where found.word in (${words}) and found.hidden = 0`;
    return { rows, parts: [{ rows }], wordRows: await rowsOf(sql`animal_word.word in (${words})`) };
  }
  const runs = literalRuns(text);
  if (!runs || !runs.every(({ run }) => /\p{L}/u.test(run))) return trigramRows(ids);
  // Each run's words (src/lib/search-words.ts LiteralRun): the first ends with it (unless the text starts
  // before it), the last starts with it, those between are it.
  const patterns = runs.map(({ run, place }) => {
    const like = escaped(run);
    return place === 'inside' ? `%${like}%` : place === 'end' ? `%${like}` : place === 'start' ? `${like}%` : like;
  });
  // The catalogue's words of each run's pattern: a run without any is in no animal's text.
  const patternWords = await Promise.all(
    patterns.map((pattern) =>
      kept(`words like\u0000${pattern}`, async () =>
        (await wordsLike(pattern).execute(db)).rows.map((row) => (row as { word: string }).word),
      ),
    ),
  );
  if (patternWords.some((words) => words.length === 0)) return NOTHING;
  const inOthers = (skip: number) =>
    patterns
      .filter((_, index) => index !== skip)
      .map(
        (pattern) =>
          sql` and (found.animal_id || '') in (select animal_word.animal_id from animal_word where animal_word.word in (${wordsLike(pattern)}))`,
      );
  const checked = (candidates: RawBuilder<unknown>) =>
    sql`${candidates} and exists (select 1 from animal where animal.id = found.animal_id and animal.search_text like ${likePattern(text)} escape '\\')`;
  if (
    choices.length === runs.length &&
    runs.length > 1 &&
    runs.every(({ run }, index) => run === choices[index]!.typed)
  ) {
    const uncovered = patternWords.map((words, index) => {
      const { words: matched, starts } = choices[index]!;
      return words.filter((word) => !matched.includes(word) && !starts.some((start) => word.startsWith(start)));
    });
    const candidates = uncovered.flatMap((words, index) =>
      words.length === 0
        ? []
        : [
            sql`select ${FOUND_COLUMNS} from animal_word as found
              where found.word in (${sql.join(words)}) and found.hidden = 0${sql.join(inOthers(index), sql``)}`,
          ],
    );
    if (candidates.length === 0) return NOTHING;
    // Very many words (a letter at an edge of a large catalogue's text): a list no statement should carry.
    if (uncovered.some((words) => words.length > MAX_WORDS_LISTED)) return trigramRows(ids);
    // Words in very many animals (a letter or two at an edge: `ד זוהר`): the trigram index reads less.
    const rows = await Promise.all(
      uncovered.map((words) =>
        words.length === 0 ? Promise.resolve(0) : rowsOf(sql`animal_word.word in (${sql.join(words)})`),
      ),
    );
    if (Math.max(...rows) >= COUNTED_ROWS) return trigramRows(ids);
    return {
      rows: sql.join(candidates.map(checked), sql` union `),
      parts: candidates.map((rows) => ({ rows, holding: text })),
    };
  }
  // Words side by side: measured, the trigram index finds them sooner (13 against 17 ms at the median).
  if (/\s/u.test(text)) return trigramRows(ids);
  const counts = await Promise.all(patterns.map((pattern) => rowsOf(sql`animal_word.word in (${wordsLike(pattern)})`)));
  // A run in very many words (a letter or two at an edge): the trigram index reads less.
  if (Math.max(...counts) >= COUNTED_ROWS) return trigramRows(ids);
  const first = counts.indexOf(Math.max(...counts));
  const candidates = sql`select ${FOUND_COLUMNS} from animal_word as found
    where found.word in (${wordsLike(patterns[first]!)}) and found.hidden = 0${sql.join(inOthers(first), sql``)}`;
  return { rows: checked(candidates), parts: [{ rows: candidates, holding: text }], wordRows: Math.max(...counts) };
}

/** Is there an animal without stored words (animal_unworded_idx, migration 0013)? */
async function anyUnworded(db: ShopDatabase): Promise<boolean> {
  const { rows } = await sql`select animal.id from animal where animal.search_words = '' limit 1`.execute(db);
  return rows.length > 0;
}

function trigramRows(ids: RawBuilder<unknown>): { rows: RawBuilder<unknown>; parts: MatchPart[] } {
  const rows = sql`select animal.id, animal.name_key, animal.price, animal.category_id, animal.rating, animal.count_in_stock
    from animal where animal.id in (${ids}) and ${SHOWN_TO_SHOPPERS}`;
  return { rows, parts: [{ rows }] };
}

/** Which of the animals `ids` have a text holding `text` (the literal rule, checked row by row). */
export function holding(ids: readonly string[], text: string): RawBuilder<{ id: string }> {
  return sql`select animal.id from animal where animal.id in (${sql.join(ids)}) and animal.search_text like ${likePattern(text)} escape '\\'`;
}

/** Runs a `select count(*) as total …` and reads its number. */
export async function countRows(db: ShopDatabase, query: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ total: number | string | bigint }>`${query}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}
