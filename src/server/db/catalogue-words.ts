/**
 * The catalogue's words in memory, for the catalogue index (./catalogue-index.ts): every stored word of
 * the shown animals, sorted, with the animals that have it (in their name and description, and in their
 * name alone), found the ways the search rules ask (src/lib/search-words.ts): as it stands, by base
 * form, by its start, or holding a literal's run. Animals are numbers: their place in the index.
 */
import { firstInOrder } from '../../lib/search-rules.ts';
import type { LiteralRun, QueryWord } from '../../lib/search-words.ts';

/** A catalogue word with a letter and its base form (`search_word`). */
export interface FormRow {
  word: string;
  base: string;
}

/** Binary order of two words, as both databases compare them (code units agree for the catalogue's letters). */
const before = (a: string, b: string) => a < b;

/** Pairs of numbers appended one after the other, in a typed array that doubles when full. */
class Pairs {
  #values = new Int32Array(1 << 16);
  length = 0;

  push(first: number, second: number): void {
    if (this.length + 2 > this.#values.length) {
      const larger = new Int32Array(this.#values.length * 2);
      larger.set(this.#values);
      this.#values = larger;
    }
    this.#values[this.length++] = first;
    this.#values[this.length++] = second;
  }

  /**
   * The pairs (word id, animal) as lists by word: word of rank r's animals are
   * postings[from[r]] … [from[r + 1] - 1], in the order added; `rank[id]` is a word id's rank.
   */
  grouped(rank: Int32Array): { from: Int32Array; postings: Int32Array } {
    const from = new Int32Array(rank.length + 1);
    for (let at = 0; at < this.length; at += 2) from[rank[this.#values[at]!]! + 1]!++;
    for (let index = 0; index < rank.length; index++) from[index + 1]! += from[index]!;
    const postings = new Int32Array(this.length / 2);
    const next = from.slice(0, rank.length);
    for (let at = 0; at < this.length; at += 2) postings[next[rank[this.#values[at]!]!]!++] = this.#values[at + 1]!;
    return { from, postings };
  }
}

/**
 * Builds CatalogueWords one animal at a time, keeping only each distinct word once and the pairs of
 * word and animal (in a typed array): the memory of reading a large catalogue stays small.
 */
export class CatalogueWordsBuilder {
  readonly #ids = new Map<string, number>();
  readonly #words: string[] = [];
  readonly #pairs = new Pairs();
  readonly #namePairs = new Pairs();
  #animals = 0;

  /** The next animal's stored words (' w1 w2 '), and its name's; false when it has no words. */
  add(stored: string, storedName: string): boolean {
    const animal = this.#animals++;
    let any = false;
    for (const word of stored.split(' ')) {
      if (!word) continue;
      any = true;
      this.#pairs.push(this.#idOf(word), animal);
    }
    for (const word of storedName.split(' ')) if (word) this.#namePairs.push(this.#idOf(word), animal);
    return any;
  }

  /**
   * The words, with `forms` (`search_word`: the catalogue's words with a letter and their base forms);
   * `pause` between steps lets the server answer requests.
   */
  async build(forms: readonly FormRow[], pause: () => Promise<void>): Promise<CatalogueWords> {
    // The default sort compares code units: the order of `before`.
    const sorted = [...this.#words].sort();
    const rank = new Int32Array(sorted.length);
    sorted.forEach((word, at) => (rank[this.#ids.get(word)!] = at));
    await pause();
    const all = this.#pairs.grouped(rank);
    await pause();
    const inName = this.#namePairs.grouped(rank);
    await pause();
    return new CatalogueWords(sorted, all, inName, forms, this.#animals);
  }

  #idOf(word: string): number {
    let id = this.#ids.get(word);
    if (id === undefined) {
      id = this.#words.push(word) - 1;
      this.#ids.set(word, id);
    }
    return id;
  }
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

  /** Made by CatalogueWordsBuilder: the sorted words, their animals' lists (all words, the name's), `search_word`. */
  constructor(
    words: readonly string[],
    all: { from: Int32Array; postings: Int32Array },
    inName: { from: Int32Array; postings: Int32Array },
    forms: readonly FormRow[],
    animals: number,
  ) {
    this.#words = words;
    ({ from: this.#from, postings: this.#postings } = all);
    ({ from: this.#nameFrom, postings: this.#namePostings } = inName);
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
    this.#seen = new Uint32Array(animals);
    this.#counts = new Uint16Array(animals);
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

  /**
   * The first `limit` animals (smallest places first) with one of `words` in their name: each word's
   * list holds its animals in the order they were added, so only its first `limit` can be among them.
   */
  firstNamedWithAny(words: Iterable<number>, limit: number): number[] {
    const candidates = new Set<number>();
    for (const word of words) {
      const end = Math.min(this.#nameFrom[word + 1]!, this.#nameFrom[word]! + limit);
      for (let at = this.#nameFrom[word]!; at < end; at++) candidates.add(this.#namePostings[at]!);
    }
    return firstInOrder([...candidates], (a, b) => a - b, limit);
  }

  /** The length of the words' lists of animals together (an animal with two of the words counts twice). */
  postingsOf(words: readonly number[]): number {
    let count = 0;
    for (const word of words) count += this.#from[word + 1]! - this.#from[word]!;
    return count;
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
