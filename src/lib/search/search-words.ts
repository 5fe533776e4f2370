/**
 * How a search word meets a catalogue word, defined once for the databases (which store the
 * catalogue side, see src/server/db/search/animal-words.ts) and the static build's browser search.
 * The rules and the words they were designed from: docs/search.md; why they are ours: docs/decisions/0004-search-in-sql.md.
 *
 * - Words: the folded text (./hebrew.ts foldHebrew) split at anything that is not a letter, a digit
 *   or a geresh/gershayim (׳ ״ and the ASCII ' " written for them, read as ' and ").
 * - A query word matches a catalogue word when the two are equal, or when the query word — as typed
 *   or without its prefix letters (ו ה ב כ ל מ ש and their clusters) — has the catalogue word's base
 *   form (baseForm: endings and extra ו/י reduced). Catalogue words keep their prefixes.
 * - The query's last word also matches as the start of a catalogue word (shoppers search while typing).
 * - Every query word must match some word of the animal; or the whole folded query is a literal
 *   substring of its name and description (the rule before word forms: nothing found then is lost).
 */
import { foldHebrew } from './hebrew.ts';

/** Geresh and gershayim as the ASCII characters written for them. */
const QUOTES: Readonly<Record<string, string>> = { '׳': "'", '״': '"' };
const WORD = /[\p{L}\p{N}'"]+/gu;
const HEBREW_WORD = /^\p{Script=Hebrew}+$/u;

/** The folded words of a text, in order (repeats kept); quotes around a word are not part of it. */
export function wordsOf(text: string): string[] {
  return wordsOfFolded(foldHebrew(text));
}

/** wordsOf of a text already folded (./hebrew.ts foldHebrew). */
export function wordsOfFolded(text: string): string[] {
  const folded = text.replace(/[׳״]/g, (quote) => QUOTES[quote] ?? quote);
  const words: string[] = [];
  for (const [match] of folded.matchAll(WORD)) {
    const word = match.replace(/^['"]+|['"]+$/g, '');
    if (word) words.push(word);
  }
  return words;
}

/**
 * Endings removed to reach a base form (written folded: ־ים is ־ימ), longest first, each with the fewest
 * letters that must remain: plural ־ים ־ות (־יות), feminine ־ה ־ית, construct ־ת and plural construct ־י.
 * ־ת, ־ית and ־י need three letters left, since more short words end in a root ת or י (קשת, בית, צבי)
 * than in a suffix.
 */
const ENDINGS: readonly (readonly [ending: string, keep: number])[] = [
  ['יות', 2],
  ['ימ', 2],
  ['ות', 2],
  ['ית', 3],
  ['ה', 2],
  ['ת', 3],
  ['י', 3],
];

/**
 * The base form of a folded word: Latin, digits and mixed words are their own base. Hebrew: quotes
 * dropped, doubled ו/י made single, one ending removed (ENDINGS), then the ו and י after the first
 * letter dropped when at least four letters remain (כתיב מלא and חסר meet: פינגווין, פינגוין → פנגנ;
 * a shorter word keeps them: שועל does not become שעל, a word of its own, nor שיר become שר).
 */
export function baseForm(word: string): string {
  let base = word.replace(/['"]/g, '');
  if (!HEBREW_WORD.test(base)) return word;
  base = base.replace(/וו+/g, 'ו').replace(/יי+/g, 'י');
  for (const [ending, keep] of ENDINGS) {
    if (base.endsWith(ending) && base.length - ending.length >= keep) {
      base = base.slice(0, -ending.length);
      break;
    }
  }
  const skeleton = base.slice(0, 1) + base.slice(1).replace(/[וי]/g, '');
  return skeleton.length >= 4 ? skeleton : base;
}

/**
 * Prefix letters a query word may start with: ו ה ב כ ל מ ש, and the clusters Hebrew writes (ו first,
 * the article ה last; after ב כ ל the article is not written). Not every string of these letters is a
 * prefix: כל in כלבים is not one.
 */
const PREFIXES = new Set(
  'ו ה ב כ ל מ ש וה וב וכ ול ומ וש שה שב של שמ שכ מה כש מש ושה ומה וכש כשה לכש ולכש וכשה לכשה'.split(' '),
);
/** The longest cluster. */
const MAX_PREFIX = 4;

/**
 * The query word without its prefix letters, each way of reading it (longest prefix last). After the
 * article ה (alone or ending a cluster) two letters may remain (הים, הצב); after other prefixes the
 * remainder's base form keeps three letters — a shorter one is more often a word of its own than the
 * word meant (מים is not מ + ים, כלבים is not כ + לבים). The remainder does not start with ו
 * (כוכבים is not כ + וכבים). `articleOnly`: only prefixes that end with the article ה.
 */
export function withoutPrefixes(word: string, articleOnly = false): string[] {
  if (!HEBREW_WORD.test(word)) return [];
  const found: string[] = [];
  for (let length = 1; length <= Math.min(MAX_PREFIX, word.length - 2); length++) {
    const prefix = word.slice(0, length);
    if (!PREFIXES.has(prefix) || (articleOnly && !prefix.endsWith('ה'))) continue;
    const rest = word.slice(length);
    if (rest.startsWith('ו')) continue;
    if (prefix.endsWith('ה') ? rest.length >= 2 : baseForm(rest).length >= 3) found.push(rest);
  }
  return found;
}

/** A catalogue word and its base form. */
interface CatalogueWord {
  word: string;
  base: string;
}

/** Each distinct word of an animal's name and description, once, in order. */
export function catalogueWords(name: string, description: string): CatalogueWord[] {
  const words = new Map<string, CatalogueWord>();
  for (const word of [...wordsOf(name), ...wordsOf(description)]) {
    if (!words.has(word)) words.set(word, { word, base: baseForm(word) });
  }
  return [...words.values()];
}

/**
 * An animal's words as the databases store them: each distinct word once, between single spaces and with
 * one before the first and after the last (' דרקונ מצולות '), as the catalogue index reads them back.
 * `name` holds the name's words (suggestions), `all` the name's and the description's.
 */
export function storedWords(name: string, description: string): { name: string; all: string } {
  const spaced = (words: readonly string[]) => (words.length === 0 ? '' : ` ${words.join(' ')} `);
  return {
    name: spaced([...new Set(wordsOf(name))]),
    all: spaced(catalogueWords(name, description).map((word) => word.word)),
  };
}

/**
 * Where a run of a literal text's letters and digits lies in the catalogue's words: `inside` one word
 * (the text is that run alone), at a word's `end` (the text starts with the run, then goes on), at its
 * `start` (the text ends with it), or a `whole` word (between other characters).
 */
export interface LiteralRun {
  run: string;
  place: 'inside' | 'end' | 'start' | 'whole';
}

/**
 * A literal text (folded) as its runs of letters and digits: wherever a text holds it, each run lies in
 * one of that text's words as LiteralRun.place says, so only animals with such a word for every run
 * can hold it. Undefined for a text with a quote (part of a word, or not) or without letters or digits:
 * then only the texts themselves tell.
 */
export function literalRuns(text: string): LiteralRun[] | undefined {
  if (/['"׳״]/u.test(text)) return undefined;
  const runs = [...text.matchAll(/[\p{L}\p{N}]+/gu)];
  if (runs.length === 0) return undefined;
  return runs.map(({ 0: run, index }) => {
    const first = index === 0;
    const last = index + run.length === text.length;
    return { run, place: first && last ? 'inside' : first ? 'end' : last ? 'start' : 'whole' };
  });
}

/** One word of a query: what catalogue words it matches. */
export interface QueryWord {
  /** The folded word: a catalogue word equal to it matches. */
  word: string;
  /** Base forms of the word and of it without prefixes: a catalogue word with one of these bases matches. */
  bases: string[];
  /** Only for the last word: a catalogue word that starts with one of these matches. */
  starts: string[];
}

/** A search, read: the folded text (the literal rule) and its words (the word rule). */
export interface SearchPlan {
  text: string;
  words: QueryWord[];
}

/**
 * Reads a search. `isCatalogueWord` says whether a word is, as it stands, a word of some animal: such
 * a word is read as prefix letters + another word only after the article ה (הצב is the turtle even
 * where a description says הצב), never after other prefixes (שמיים stays the sky and does not find
 * מים, water), which keeps the prefix rule from finding what nobody meant.
 */
export function planSearch(search: string, isCatalogueWord: (word: string) => boolean): SearchPlan {
  const words = wordsOf(search);
  return {
    text: foldHebrew(search),
    words: words.map((word, index) => {
      const stripped = withoutPrefixes(word, isCatalogueWord(word));
      return {
        word,
        bases: [...new Set([word, ...stripped].map(baseForm))],
        starts: index === words.length - 1 ? [word, ...stripped] : [],
      };
    }),
  };
}

/** Does this catalogue word satisfy this query word? (./catalogue-words.ts finds the same words by their order.) */
export function wordMatches(query: QueryWord, word: CatalogueWord): boolean {
  return (
    word.word === query.word ||
    query.bases.includes(word.base) ||
    query.starts.some((start) => word.word.startsWith(start))
  );
}

/**
 * Does an animal match? `searchText` is its folded name and description (./hebrew.ts searchText),
 * `words` its catalogueWords. The empty search matches everything.
 */
export function matchesPlan(plan: SearchPlan, searchText: string, words: readonly CatalogueWord[]): boolean {
  if (plan.text === '' || searchText.includes(plan.text)) return true;
  if (plan.words.length === 0) return false;
  return plan.words.every((query) => words.some((word) => wordMatches(query, word)));
}

/**
 * Where a text's words match a search, as [start, end) ranges of `text`, for marking them in a card:
 * each word of the text that a query word finds (equal, the same base form after its prefixes, or —
 * the last query word — its start). Without the catalogue at hand every reading of the query's prefix
 * letters counts, so a mark may fall on a word the search reached another way; never on a word no
 * reading finds.
 */
export function matchedRanges(text: string, search: string): [number, number][] {
  const plan = planSearch(search, () => false);
  if (plan.words.length === 0) return [];
  const ranges: [number, number][] = [];
  for (const token of text.matchAll(/[\p{L}\p{M}\p{N}'"׳״]+/gu)) {
    const words = wordsOf(token[0]);
    const matched = words.some((word) =>
      plan.words.some((query) => wordMatches(query, { word, base: baseForm(word) })),
    );
    if (matched) ranges.push([token.index, token.index + token[0].length]);
  }
  return ranges;
}
