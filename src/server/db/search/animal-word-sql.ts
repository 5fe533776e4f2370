/**
 * Word search on the posting list `animal_word` (../migrations/animal-word-schema.ts), the same SQL on both
 * databases: which catalogue words each query word matches, and the animals (or their rows) that have
 * a match for every query word. Used by search (./search-sql.ts matchFor) and suggestions
 * (./animal-suggest.ts). docs/decisions/search-index.md.
 */
import { sql, type RawBuilder } from 'kysely';
import type { SearchPlan } from '../../../lib/search-words.ts';
import type { TotalsOf } from './totals-per-version.ts';
import type { ShopDatabase } from '../tables.ts';

/** What one query word matches: catalogue words equal to one of `words`, or starting with one of `starts`. */
export interface WordChoice {
  words: string[];
  starts: string[];
  /** The query word as typed (folded), when the choice is one. */
  typed?: string | undefined;
}

/**
 * For each query word, the catalogue words it matches: the word itself and the catalogue's words that
 * have one of its base forms (from `search_word`), and for the last word the start of any word.
 */
export async function wordChoices(db: ShopDatabase, plan: SearchPlan): Promise<WordChoice[]> {
  const bases = [...new Set(plan.words.flatMap((query) => query.bases))];
  const forms =
    bases.length === 0
      ? []
      : await db.selectFrom('search_word').select(['word', 'base']).where('base', 'in', bases).execute();
  return plan.words.map((query) => {
    // A start within another start's range, or a word within a start's range, is read with that range.
    const starts = query.starts.filter(
      (start, index) => !query.starts.some((other, at) => at !== index && start.startsWith(other) && other !== start),
    );
    const words = new Set([
      query.word,
      ...forms.filter((form) => query.bases.includes(form.base)).map((form) => form.word),
    ]);
    return {
      words: [...words].filter((word) => !starts.some((start) => word.startsWith(start))),
      starts,
      typed: query.word,
    };
  });
}

/** After every string starting with a prefix, in binary order (both databases compare words byte by byte). */
const AFTER_PREFIX = '\u{10FFFF}';

/** `animal_word` rows (as `table`) of one query word's choice (and of a name, when `inName`). */
function wordCondition(choice: WordChoice, inName: boolean, table = 'animal_word'): RawBuilder<boolean> {
  const { words, starts } = choice;
  const word = sql.ref(`${table}.word`);
  const alternatives = [
    ...(words.length > 0 ? [sql<boolean>`${word} in (${sql.join(words)})`] : []),
    ...starts.map((start) => sql<boolean>`(${word} >= ${start} and ${word} < ${start + AFTER_PREFIX})`),
  ];
  const any = alternatives.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`(${sql.join(alternatives, sql` or `)})`;
  return inName ? sql<boolean>`${any} and ${sql.ref(`${table}.in_name`)} = 1` : any;
}

/** The parts of a choice each read as one range of the primary key: its whole words, then each start. */
function choiceParts({ words, starts }: WordChoice): WordChoice[] {
  return [
    ...(words.length > 0 ? [{ words, starts: [] }] : []),
    ...starts.map((start) => ({ words: [], starts: [start] })),
  ];
}

/**
 * Ids of the animals that have, for every query word, a word it matches (of their name, when `inName`):
 * each query word's animals read from `animal_word`'s primary key (one select per whole-word list and
 * per start, so each is a range of the index), intersected.
 */
export function wordIds(choices: readonly WordChoice[], { inName = false } = {}): RawBuilder<unknown> {
  const perWord = choices.map((choice, index) => {
    const parts = choiceParts(choice).map(
      (part) => sql`select animal_word.animal_id from animal_word where ${wordCondition(part, inName)}`,
    );
    const alias = sql.id(`word_${index}`);
    return parts.length === 1
      ? parts[0]!
      : sql`select ${alias}.animal_id from (${sql.join(parts, sql` union `)}) as ${alias}`;
  });
  return perWord.length === 1 ? perWord[0]! : sql.join(perWord, sql` intersect `);
}

/** Rows of a word counted up to this many when choosing how a search reads it. */
export const COUNTED_ROWS = 20_000;

/**
 * How many `animal_word` rows each query word's choice has (of names, when `inName`), counted up to
 * COUNTED_ROWS (a short read of the primary key); kept per catalogue version in `counted`, since a
 * word's rows change only with the catalogue.
 */
export async function wordCounts(
  db: ShopDatabase,
  choices: readonly WordChoice[],
  { inName = false, counted }: { inName?: boolean; counted?: TotalsOf | undefined } = {},
): Promise<number[]> {
  const countOf = async (choice: WordChoice) => {
    // A choice of no word and no start (every form taken by the literal rule) has no rows.
    if (choice.words.length === 0 && choice.starts.length === 0) return 0;
    const { rows } = await sql<{ found: number | string | bigint }>`
      select count(*) as found from (select 1 from animal_word where ${wordCondition(choice, inName)} limit ${COUNTED_ROWS}) as some_rows`.execute(
      db,
    );
    return Number(rows[0]?.found ?? 0);
  };
  return Promise.all(
    choices.map((choice) =>
      counted
        ? counted.of(`word rows\u0000${inName}\u0000${JSON.stringify(choice)}`, () => countOf(choice))
        : countOf(choice),
    ),
  );
}

/**
 * The query words, the one with the most `animal_word` rows first (wordCounts). wordRows reads the
 * first word's rows in order (the cheapest read per row) and looks each up in the sets of the other,
 * rarer words (building a set costs more per row); measured on 100,000 animals ('זוהר קיפוד': 40,000
 * and 6,600 rows), the other way round, or checking the other words row by row through the second
 * index, cost two to four times as much. (Search orders its words the same way: ./search-sql.ts.)
 */
export async function commonestFirst(
  db: ShopDatabase,
  choices: readonly WordChoice[],
  options: { inName?: boolean; counted?: TotalsOf | undefined } = {},
): Promise<WordChoice[]> {
  if (choices.length < 2) return [...choices];
  const counts = await wordCounts(db, choices, options);
  return choices
    .map((choice, index) => ({ choice, found: counts[index]! }))
    .sort((a, b) => b.found - a.found)
    .map(({ choice }) => choice);
}

/**
 * The first `limit` shown animals (id and name sort key) in name order with a name word among `words`:
 * each word's first `limit` from the names' index (migration 0013, ../migrations/animal-word-schema.ts NAMES_INDEX),
 * merged. An animal among the first `limit` of all is among the first `limit` of the word it has.
 */
export function firstNamesWith(words: readonly string[], limit: number): RawBuilder<{ id: string; name_key: string }> {
  const lists = words.map(
    (word, index) =>
      sql`select * from (select animal_word.animal_id as id, animal_word.name_key from animal_word
        where animal_word.word = ${word} and animal_word.in_name = 1 and animal_word.hidden = 0
        order by animal_word.name_key, animal_word.animal_id limit ${limit}) as ${sql.id(`word_${index}`)}`,
  );
  return sql`select distinct firsts.id, firsts.name_key from (${sql.join(lists, sql` union all `)}) as firsts
    order by firsts.name_key, firsts.id limit ${limit}`;
}

/** The columns a row of `animal_word` (as `found`) gives Match.rows (./search-sql.ts MATCH_COLUMNS). */
export const FOUND_COLUMNS = sql`found.animal_id as id, found.name_key, found.price, found.category_id, found.rating, found.count_in_stock`;

/**
 * Match.parts of the word rule: the shown animals with a word (of their name, when `inName`) for every
 * query word, with their MATCH_COLUMNS, from `animal_word` alone (its rows carry copies of them); one
 * select per range of the first word (an animal may come more than once). The first word's rows are
 * read (put the commonest first: commonestFirst) and looked up in the others' sets.
 */
export function wordRowParts(choices: readonly WordChoice[], { inName = false } = {}): RawBuilder<unknown>[] {
  const others = choices
    .slice(1)
    // `|| ''`: an expression no index answers, so that both databases read the first word's rows and
    // look them up in the others' sets (SQLite's statistics count rows per word as if words were even —
    // numbers make most words rare — and it would else read every word of each animal in a set).
    .map((choice) => sql<boolean>` and (found.animal_id || '') in (${wordIds([choice], { inName })})`);
  return choiceParts(choices[0]!).map(
    (part) =>
      sql`select ${FOUND_COLUMNS} from animal_word as found
        where ${wordCondition(part, inName, 'found')} and found.hidden = 0${sql.join(others, sql``)}`,
  );
}

/** wordRowParts as one select, each animal once. */
export function wordRows(choices: readonly WordChoice[], { inName = false } = {}): RawBuilder<unknown> {
  const parts = wordRowParts(choices, { inName });
  return parts.length === 1 ? sql`select distinct * from (${parts[0]!}) as one_range` : sql.join(parts, sql` union `);
}
