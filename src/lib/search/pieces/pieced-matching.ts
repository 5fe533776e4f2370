/**
 * A search's matches over the index pieces, by the two rules of docs/search.md as the catalogue index
 * applies them (../catalogue-matching.ts), in steps that each read only what the one before found:
 *
 * 1. the words each query word matches (as typed, by base form, by start: ../search-words.ts) and the
 *    lists the literal rule reads — the words holding its runs, or a character's animals;
 * 2. those words' lists of animals;
 * 3. the texts of the literal's candidates that the word rule did not find already, read to check them.
 *
 * A text that is one run (a word being typed) needs no check: every animal with a word holding it
 * matches, and that covers the word rule's matches as typed and by start, so only the forms and
 * prefixes beyond it are read. The store (./piece-store.ts) stops a step that lacks a piece.
 */
import type { ReadMatch } from '../catalogue-index-rows.ts';
import { literalRuns, type LiteralRun, type QueryWord, type SearchPlan } from '../search-words.ts';
import type { PiecedCatalogue } from './pieced-catalogue.ts';
import type { PiecedWords, Source } from './pieced-words.ts';
import type { WordEntry } from './piece-codecs.ts';

/** What the literal rule reads: lists whose animals all match, or groups of lists whose common animals may. */
type Literal = { exact: Source[] } | { check: Source[][] } | undefined;

interface Lookups {
  /** The text's one run, when it is one. */
  single: string | undefined;
  /** Per query word, the words it matches. */
  words: Source[][];
  literal: Literal;
}

const codePoints = (text: string) => [...text].length;
const defined = <T>(items: readonly (T | undefined)[]): T[] => items.filter((item) => item !== undefined);

/** The words a query word matches (../catalogue-words.ts matching), leaving out those starting with `covered`. */
function wordEntries(words: PiecedWords, query: QueryWord, covered?: string): WordEntry[] {
  const found = new Map<number, WordEntry>();
  const add = (entry: WordEntry | undefined) => entry && found.set(entry.rank, entry);
  if (covered === undefined) add(words.entry(query.word));
  for (const base of query.bases) for (const rank of words.withBase(base)) add(words.byRank(rank));
  for (const start of query.starts) {
    if (covered !== undefined && start.startsWith(covered)) continue;
    for (const entry of words.starting(start)) add(entry);
  }
  return [...found.values()];
}

/** Per query word of `plan`, the words it matches. */
export function wordsMatching(catalogue: PiecedCatalogue, plan: SearchPlan): WordEntry[][] {
  return plan.words.map((query) => wordEntries(catalogue.words, query));
}

/** The words that hold a literal's run where it must lie (../catalogue-words.ts holding), or a list holding them all. */
function runSources(words: PiecedWords, { run, place }: LiteralRun): Source[] {
  if (place === 'whole') {
    const entry = words.entry(run);
    return entry ? [words.ofWord(entry)] : [];
  }
  if (place === 'start') return words.starting(run).map((entry) => words.ofWord(entry));
  // A one-character run: the character's animals (every word holding it at its end or inside holds it).
  if (codePoints(run) === 1) return defined([words.ofCharacter(run)]);
  const ends = place === 'end';
  const whole = ends ? defined([words.entry(run)]) : words.starting(run);
  const inside = words.suffixesStarting(run).filter((entry) => !ends || entry.suffix === run);
  return [...whole.map((entry) => words.ofWord(entry)), ...defined(inside.map((entry) => words.ofSuffix(entry)))];
}

function literalSources(words: PiecedWords, text: string, single: string | undefined): Literal {
  if (single !== undefined) return { exact: runSources(words, { run: single, place: 'inside' }) };
  const runs = literalRuns(text);
  if (runs) {
    const groups = runs.map((run) => runSources(words, run));
    return groups.some((group) => group.length === 0) ? undefined : { check: groups };
  }
  // A quote, or no letter or digit: the text's characters' lists, the rarest read.
  const sources = [...new Set(text)].map((character) => words.ofCharacter(character));
  const held = defined(sources);
  if (held.length === 0 || held.length < sources.length) return undefined;
  if (codePoints(text) === 1) return { exact: held };
  return { check: [[held.reduce((rarest, source) => (source.count < rarest.count ? source : rarest))]] };
}

/** Step 1: what the plan's words and literal read (also asked for ahead, while the words' files are fetched). */
export function lookUp(catalogue: PiecedCatalogue, plan: SearchPlan): Lookups {
  if (!plan.text) return { single: undefined, words: [], literal: undefined };
  const runs = literalRuns(plan.text);
  const single = runs?.length === 1 && runs[0]!.place === 'inside' ? runs[0]!.run : undefined;
  const { words } = catalogue;
  return {
    single,
    words: plan.words.map((query) => wordEntries(words, query, single).map((entry) => words.ofWord(entry))),
    literal: literalSources(words, plan.text, single),
  };
}

/** Every animal `plan` matches (a text that is not empty), each once. */
export function findMatches(catalogue: PiecedCatalogue, plan: SearchPlan): ReadMatch[] {
  const { store } = catalogue;
  const { single, words, literal } = lookUp(catalogue, plan);
  store.settle();

  // As the catalogue index narrows a literal: the runs' lists no longer than the catalogue, else the
  // shortest — and any run whose words the word rule reads anyway (they cost nothing more, and every
  // candidate they leave out is a text not to fetch).
  let narrowing: Source[][] = [];
  if (literal && 'check' in literal) {
    const read = new Set(words.flat().map((source) => source.rank));
    const counts = literal.check.map((group) => group.reduce((sum, source) => sum + source.count, 0));
    narrowing = literal.check.filter(
      (group, at) =>
        counts[at]! <= store.manifest.animals ||
        group.every((source) => source.rank !== undefined && read.has(source.rank)),
    );
    if (narrowing.length === 0) narrowing = [literal.check[counts.indexOf(Math.min(...counts))]!];
  }
  // Several query words, one of them matching no word: the word rule finds nothing.
  const byWords = plan.words.length > 0 && (single !== undefined || words.every((group) => group.length > 0));
  const placesOf = (group: readonly Source[]) => group.map((source) => source.postings()?.places ?? []);
  const wordPlaces = byWords ? words.map(placesOf) : [];
  const exactPlaces = literal && 'exact' in literal ? placesOf(literal.exact) : [];
  const narrowPlaces = narrowing.map(placesOf);
  store.settle();

  const seen = new Uint8Array(store.manifest.animals);
  const matches: ReadMatch[] = [];
  const add = (place: number) => {
    if (seen[place]) return;
    seen[place] = 1;
    matches.push(catalogue.matchOf(place));
  };
  if (byWords) catalogue.marks.every(wordPlaces, add);
  if (exactPlaces.length > 0) catalogue.marks.every([exactPlaces], add);
  if (narrowPlaces.length > 0) {
    const unchecked: number[] = [];
    catalogue.marks.every(narrowPlaces, (place) => seen[place] || unchecked.push(place));
    for (const place of unchecked) catalogue.textOf(place);
    store.settle();
    for (const place of unchecked) if (catalogue.textOf(place)!.includes(plan.text)) add(place);
  }
  return matches;
}
