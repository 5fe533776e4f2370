/**
 * The catalogue's words in memory, for the catalogue index (./catalogue-index.ts): every stored word of
 * the shown animals, sorted, with the animals that have it (in their name and description, and in their
 * name alone), found the ways the search rules ask (src/lib/search-words.ts): as it stands, by base
 * form, by its start, or holding a literal's run. Animals are numbers: their place in the index.
 */
import type { LiteralRun, QueryWord } from '../../lib/search-words.ts';

/** A catalogue word with a letter and its base form (`search_word`). */
export interface FormRow {
  word: string;
  base: string;
}

/** Binary order of two words, as both databases compare them (code units agree for the catalogue's letters). */
const before = (a: string, b: string) => a < b;

/** Each word's animals (the index of each animal's list of words), in the animals' order. */
function postingLists(wordsOfAnimals: readonly (readonly string[])[]): Map<string, number[]> {
  const byWord = new Map<string, number[]>();
  wordsOfAnimals.forEach((words, animal) => {
    for (const word of words) {
      const animals = byWord.get(word);
      if (animals) animals.push(animal);
      else byWord.set(word, [animal]);
    }
  });
  return byWord;
}

/** The lists of `words` (in that order) one after the other, and where each begins (one past the last at the end). */
function packed(words: readonly string[], byWord: ReadonlyMap<string, number[]>): [Int32Array, Int32Array] {
  const from = new Int32Array(words.length + 1);
  let total = 0;
  words.forEach((word, index) => {
    from[index] = total;
    total += byWord.get(word)?.length ?? 0;
  });
  from[words.length] = total;
  const postings = new Int32Array(total);
  words.forEach((word, index) => {
    const animals = byWord.get(word);
    if (animals) postings.set(animals, from[index]);
  });
  return [from, postings];
}

/** The stamp after `stamp` for `marks` (cleared when the stamps wrap around). */
export function nextStamp(stamp: number, marks: Uint32Array): number {
  if (stamp < 0xffffffff) return stamp + 1;
  marks.fill(0);
  return 1;
}

export class CatalogueWords {
  /** Every word, sorted; word i's animals are #postings[#from[i]] … [#from[i + 1] - 1]. */
  readonly #words: readonly string[];
  readonly #from: Int32Array;
  readonly #postings: Int32Array;
  /** Word i's animals that have it in their name: #namePostings[#nameFrom[i]] … [#nameFrom[i + 1] - 1]. */
  readonly #nameFrom: Int32Array;
  readonly #namePostings: Int32Array;
  /** Every word after a '\n', in #words' order, and a '\n' at the end; word i starts at #wordStarts[i]. */
  readonly #joined: string;
  readonly #wordStarts: Int32Array;
  /** Base form → indexes of the catalogue's words (of `search_word`) with it. */
  readonly #forms = new Map<string, number[]>();
  /** The words of `search_word`. */
  readonly #known: ReadonlySet<string>;
  /** Scratch, one per animal, reused by every call (stamped, so never cleared). */
  readonly #seen: Uint32Array;
  readonly #counts: Uint16Array;
  #seenStamp = 0;

  /** `words[animal]` and `nameWords[animal]`: each animal's stored words; `forms`: `search_word`. */
  constructor(
    words: readonly (readonly string[])[],
    nameWords: readonly (readonly string[])[],
    forms: readonly FormRow[],
  ) {
    const byWord = postingLists(words);
    this.#words = [...byWord.keys()].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    [this.#from, this.#postings] = packed(this.#words, byWord);
    [this.#nameFrom, this.#namePostings] = packed(this.#words, postingLists(nameWords));
    this.#joined = `\n${this.#words.join('\n')}\n`;
    this.#wordStarts = new Int32Array(this.#words.length);
    for (let index = 0, at = 1; index < this.#words.length; at += this.#words[index]!.length + 1, index++) {
      this.#wordStarts[index] = at;
    }
    this.#known = new Set(forms.map((form) => form.word));
    for (const { word, base } of forms) {
      const index = this.#indexOf(word);
      if (index === undefined) continue;
      const same = this.#forms.get(base);
      if (same) same.push(index);
      else this.#forms.set(base, [index]);
    }
    this.#seen = new Uint32Array(words.length);
    this.#counts = new Uint16Array(words.length);
  }

  /** Is this a word of `search_word` (src/lib/search-words.ts planSearch's isCatalogueWord)? */
  isCatalogueWord(word: string): boolean {
    return this.#known.has(word);
  }

  /** The words a query word matches (src/lib/search-words.ts wordMatches): as typed, by base form, by start. */
  matching(query: QueryWord): Set<number> {
    const words = new Set<number>();
    const exact = this.#indexOf(query.word);
    if (exact !== undefined) words.add(exact);
    for (const base of query.bases) for (const index of this.#forms.get(base) ?? []) words.add(index);
    for (const start of query.starts) for (const index of this.#starting(start)) words.add(index);
    return words;
  }

  /** The words that hold a literal's run where it must lie (src/lib/search-words.ts LiteralRun). */
  holding({ run, place }: LiteralRun): number[] {
    if (place === 'whole') {
      const index = this.#indexOf(run);
      return index === undefined ? [] : [index];
    }
    if (place === 'start') return this.#starting(run);
    // Inside a word, or at its end: found in the words written one after the other (a run has no '\n').
    const words: number[] = [];
    const needle = place === 'end' ? `${run}\n` : run;
    for (let at = this.#joined.indexOf(needle); at >= 0; at = this.#joined.indexOf(needle, at + 1)) {
      const index = this.#wordAt(at);
      if (words.at(-1) !== index) words.push(index);
    }
    return words;
  }

  /**
   * Calls `each` with every animal that has, for every list of words, one of that list's words (of its
   * name, when `inName`), each animal once. The lists' animals are counted in #counts, stamped per call.
   */
  withEvery(lists: readonly Iterable<number>[], each: (animal: number) => void, inName = false): void {
    if (lists.length > 0xfffe) throw new RangeError('more lists than a count holds');
    const stamp = (this.#seenStamp = nextStamp(this.#seenStamp, this.#seen));
    const last = lists.length;
    const from = inName ? this.#nameFrom : this.#from;
    const postings = inName ? this.#namePostings : this.#postings;
    lists.forEach((words, list) => {
      for (const word of words) {
        for (let at = from[word]!, end = from[word + 1]!; at < end; at++) {
          const animal = postings[at]!;
          if (list === 0) {
            if (this.#seen[animal] === stamp) continue;
            this.#seen[animal] = stamp;
            this.#counts[animal] = 1;
          } else if (this.#seen[animal] !== stamp || this.#counts[animal] !== list) continue;
          else this.#counts[animal] = list + 1;
          if (list + 1 === last) each(animal);
        }
      }
    });
  }

  /** The word's index, if some animal has it. */
  #indexOf(word: string): number | undefined {
    const at = this.#lowerBound(word);
    return this.#words[at] === word ? at : undefined;
  }

  /** The indexes of the words that start with `start`. */
  #starting(start: string): number[] {
    const words: number[] = [];
    for (let index = this.#lowerBound(start); index < this.#words.length; index++) {
      if (!this.#words[index]!.startsWith(start)) break;
      words.push(index);
    }
    return words;
  }

  /** The index of the word #joined holds at position `at`. */
  #wordAt(at: number): number {
    let low = 0;
    let high = this.#wordStarts.length;
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (this.#wordStarts[middle]! <= at) low = middle;
      else high = middle;
    }
    return low;
  }

  /** The first index whose word is not before `word`. */
  #lowerBound(word: string): number {
    let low = 0;
    let high = this.#words.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (before(this.#words[middle]!, word)) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
