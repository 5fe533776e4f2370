/**
 * GET /api/animals/suggest: at most 8 animals and categories for what the shopper has typed so far,
 * best first — names that start with the text, then names with a word that starts with it (word
 * forms and prefix letters as in search), then categories (catalogue order); ties in the catalogue's
 * name order. Nothing found: the text in the other keyboard layout, then with its spelling corrected.
 * From the catalogue index when it is read for the catalogue's version (src/lib/catalogue-index.ts), else in SQL.
 */
import { SHOWN_TO_SHOPPERS } from '../catalogue/shown-to-shoppers.ts';
import { sql } from 'kysely';
import { sortKey } from '../../../lib/hebrew.ts';
import type { Suggestion } from '../../../lib/schemas.ts';
import { correctSpelling, otherLayout, type Vocabulary } from '../../../lib/search-corrections.ts';
import { planSearch, wordsOf, type SearchPlan } from '../../../lib/search-words.ts';
import {
  animalSuggestions,
  MAX_SUGGESTIONS,
  suggestedAnimals,
  suggestedCategories,
} from '../../../lib/catalogue-suggest.ts';
import type { CatalogueIndexKeeper } from '../catalogue-index/catalogue-index-keeper.ts';
import { categoriesOf } from './search-facets-sql.ts';
import { loadVocabulary, planWithCatalogue } from './search-sql.ts';
import { commonestFirst, firstNamesWith, wordChoices, wordRows, type WordChoice } from './animal-word-sql.ts';
import type { Totals, TotalsOf } from './totals-per-version.ts';
import type { ShopDatabase } from '../tables.ts';

/** After every string starting with a prefix, in binary order. */
const TOP = '\u{10FFFF}';

/**
 * A typed word covering at most this many catalogue words is answered from each word's first names
 * (firstNamesWith: about 20 µs a word on SQLite); more, from its rows sorted.
 */
const MERGED_WORDS = 200;

/** `mergeUpTo`: tests set 0 (always sort the rows); default MERGED_WORDS. `index`: the catalogue index shared with search. */
export function createAnimalSuggest(
  db: ShopDatabase,
  totals: Totals,
  {
    mergeUpTo = MERGED_WORDS,
    index,
  }: { mergeUpTo?: number | undefined; index?: CatalogueIndexKeeper | undefined } = {},
) {
  async function animalsFor(text: string, plan: SearchPlan, counted: TotalsOf): Promise<Suggestion[]> {
    const key = sortKey(text);
    const starting = await db
      .selectFrom('animal')
      .select(['animal.id', 'animal.name'])
      .where('animal.name_key', '>=', key)
      .where('animal.name_key', '<', key + TOP)
      .where(SHOWN_TO_SHOPPERS)
      .orderBy('animal.name_key')
      .orderBy('animal.id')
      .limit(MAX_SUGGESTIONS)
      .execute();
    const withWord =
      starting.length < MAX_SUGGESTIONS && plan.words.length > 0
        ? await namesWithWords(await wordChoices(db, plan), MAX_SUGGESTIONS + starting.length, counted)
        : [];
    return animalSuggestions(starting, withWord);
  }

  /**
   * The first `limit` shown animals, in name order, with a name word matching every query word. One
   * query word whose words (its forms, and the catalogue's words in its start's range) are at most
   * `mergeUpTo`: the first few names of each word, merged (firstNamesWith). Else the names' rows in
   * `animal_word` are read and sorted by the name's sort key they carry. Then just those names are read.
   */
  async function namesWithWords(choices: WordChoice[], limit: number, counted: TotalsOf) {
    const words = choices.length === 1 ? await choiceWords(choices[0]!) : undefined;
    const first =
      words && words.length <= mergeUpTo
        ? words.length === 0
          ? { rows: [] }
          : await firstNamesWith(words, limit).execute(db)
        : await sql<{ id: string }>`
      select distinct matches.id, matches.name_key from (${wordRows(await commonestFirst(db, choices, { inName: true, counted }), { inName: true })}) as matches
      order by matches.name_key, matches.id limit ${limit}`.execute(db);
    if (first.rows.length === 0) return [];
    return db
      .selectFrom('animal')
      .select(['animal.id', 'animal.name'])
      .where(
        'animal.id',
        'in',
        first.rows.map((row) => row.id),
      )
      .orderBy('animal.name_key')
      .orderBy('animal.id')
      .execute();
  }

  /**
   * A query word's words: its forms, and the catalogue's words in its starts' ranges (up to
   * mergeUpTo + 1) from `search_word`, which lists the words with a letter; undefined for a start
   * without one (numbers are not listed).
   */
  async function choiceWords({ words, starts }: WordChoice): Promise<string[] | undefined> {
    if (starts.length === 0) return words;
    if (starts.some((start) => !/\p{L}/u.test(start))) return undefined;
    const inRange = await db
      .selectFrom('search_word')
      .select('word')
      .where((eb) => eb.or(starts.map((start) => eb.and([eb('word', '>=', start), eb('word', '<', start + TOP)]))))
      .limit(mergeUpTo + 1)
      .execute();
    return [...new Set([...words, ...inRange.map((row) => row.word)])];
  }

  async function categoriesFor(plan: SearchPlan, counted: TotalsOf): Promise<Suggestion[]> {
    return plan.words.length === 0 ? [] : suggestedCategories(plan, await categoriesOf(db, counted));
  }

  async function suggestFor(text: string, counted: TotalsOf): Promise<Suggestion[]> {
    const catalogue = await index?.of(counted);
    const plan = catalogue
      ? planSearch(text, (word) => catalogue.isCatalogueWord(word))
      : await planWithCatalogue(db, text);
    const animals = catalogue ? suggestedAnimals(catalogue, text, plan) : await animalsFor(text, plan, counted);
    return [...animals, ...(await categoriesFor(plan, counted))].slice(0, MAX_SUGGESTIONS);
  }

  return {
    async suggest(text: string): Promise<Suggestion[]> {
      if (wordsOf(text).length === 0 || text.includes('\u0000')) return [];
      const counted = await totals.current();
      const typed = await suggestFor(text, counted);
      if (typed.length > 0) return typed;
      const layout = otherLayout(text);
      if (layout !== undefined) {
        const converted = await suggestFor(layout, counted);
        if (converted.length > 0) return converted;
      }
      const vocabulary = await counted.of<Vocabulary>('vocabulary\u0000', () => loadVocabulary(db));
      const spelled = correctSpelling(text, vocabulary);
      return spelled === undefined ? [] : suggestFor(spelled, counted);
    },
  };
}
