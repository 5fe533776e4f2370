/**
 * The catalogue's words in memory, for the catalogue index (./catalogue-index.ts): every stored word of
 * the shown animals, sorted, with the animals that have it (in their name and description, and in their
 * name alone), found the ways the search rules ask (./search-words.ts): as it stands, by base
 * form, by its start, or holding a literal's run. Animals are numbers: their place in the index.
 */
import { firstInOrder } from './search-rules.ts';
import type { LiteralRun, QueryWord } from './search-words.ts';

/** A catalogue word with a letter and its base form (`search_word`). */
export interface FormRow {
  word: string;
  base: string;
}

/** Binary order of two words, as both databases compare them (code units agree for the catalogue's letters). */
const before = (a: string, b: string) => a < b;

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
  readonly #known: Set<string>;
  /** Scratch, one per animal, reused by every call (stamped, so never cleared); grown as animals are added. */
  #seen: Uint32Array;
  #counts: Uint16Array;
  #seenStamp = 0;
  /** How many words were built; words added since (an animal written with a new word) follow them. */
  readonly #built: number;
  readonly #added: string[] = [];
  readonly #addedIndex = new Map<string, number>();
  /** Animals given a word since the words were built, per word: all words, and the name's. */
  readonly #more = new Map<number, number[]>();
  readonly #moreNames = new Map<number, number[]>();
  /** Animals removed since (1): their places stay in the lists, and no call gives them. */
  #dead: Uint8Array;
  /** How many animals not removed have each word (by index): what makes a word rare (./catalogue-similar.ts). */
  readonly #animalsWith: number[];

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
    this.#dead = new Uint8Array(animals);
    this.#built = words.length;
    this.#animalsWith = Array.from(words, (_, index) => this.#from[index + 1]! - this.#from[index]!);
  }

  /**
   * Animal `animal` (the next place) with its stored words (' w1 w2 ') and its name's, and `forms` (its
   * words with a letter and their base forms, as `search_word` would have them).
   */
  addAnimal(animal: number, stored: string, storedName: string, forms: readonly FormRow[]): void {
    this.#grow(animal + 1);
    this.know(forms);
    for (const word of new Set(stored.split(' '))) {
      if (!word) continue;
      const index = this.#wordIndex(word, forms);
      this.#append(this.#more, index, animal);
      this.#animalsWith[index]!++;
    }
    for (const word of new Set(storedName.split(' '))) {
      if (word) this.#append(this.#moreNames, this.#wordIndex(word, forms), animal);
    }
  }

  /** Words of `search_word` (with their base forms): isCatalogueWord knows them. */
  know(forms: readonly FormRow[]): void {
    for (const { word } of forms) this.#known.add(word);
  }

  /**
   * No call gives `animal` any more (it was deleted, hidden or written again at another place); `words`
   * are its stored words, no longer counted for it.
   */
  removeAnimal(animal: number, words: Iterable<string>): void {
    if (this.#dead[animal] === 1) return;
    this.#dead[animal] = 1;
    for (const word of words) {
      const index = this.#indexOf(word);
      if (index !== undefined && this.#animalsWith[index]! > 0) this.#animalsWith[index]!--;
    }
  }

  isRemoved(animal: number): boolean {
    return this.#dead[animal] === 1;
  }

  #append(lists: Map<number, number[]>, word: number, animal: number): void {
    const list = lists.get(word);
    if (list) list.push(animal);
    else lists.set(word, [animal]);
  }

  /** The word's index, added (with its base form from `forms`) when no animal had it. */
  #wordIndex(word: string, forms: readonly FormRow[]): number {
    const known = this.#indexOf(word);
    if (known !== undefined) return known;
    const index = this.#built + this.#added.push(word) - 1;
    this.#addedIndex.set(word, index);
    this.#animalsWith.push(0);
    const base = forms.find((form) => form.word === word)?.base;
    if (base !== undefined) {
      const same = this.#forms.get(base);
      if (same) same.push(index);
      else this.#forms.set(base, [index]);
    }
    return index;
  }

  /** Room for `animals` animals in the scratch arrays. */
  #grow(animals: number): void {
    if (animals <= this.#seen.length) return;
    const room = Math.max(animals, Math.ceil(this.#seen.length * 1.25) + 16);
    const larger = <T extends Uint32Array | Uint16Array | Uint8Array>(old: T, made: T): T => (made.set(old), made);
    this.#seen = larger(this.#seen, new Uint32Array(room));
    this.#counts = larger(this.#counts, new Uint16Array(room));
    this.#dead = larger(this.#dead, new Uint8Array(room));
  }

  /** Is this a word of `search_word` (./search-words.ts planSearch's isCatalogueWord)? */
  isCatalogueWord(word: string): boolean {
    return this.#known.has(word);
  }

  /** The words a query word matches (./search-words.ts wordMatches): as typed, by base form, by start. */
  matching(query: QueryWord): Set<number> {
    const words = new Set<number>();
    const exact = this.#indexOf(query.word);
    if (exact !== undefined) words.add(exact);
    for (const base of query.bases) for (const index of this.#forms.get(base) ?? []) words.add(index);
    for (const start of query.starts) for (const index of this.#starting(start)) words.add(index);
    return words;
  }

  /** The words that hold a literal's run where it must lie (./search-words.ts LiteralRun). */
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
    this.#added.forEach((word, at) => {
      if (place === 'end' ? word.endsWith(run) : word.includes(run)) words.push(this.#built + at);
    });
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
    const more = inName ? this.#moreNames : this.#more;
    const seen = this.#seen;
    const counts = this.#counts;
    const dead = this.#dead;
    lists.forEach((words, list) => {
      const count = (animal: number) => {
        if (list === 0) {
          if (seen[animal] === stamp) return;
          seen[animal] = stamp;
          counts[animal] = 1;
        } else if (seen[animal] !== stamp || counts[animal] !== list) return;
        else counts[animal] = list + 1;
        if (list + 1 === last && dead[animal] === 0) each(animal);
      };
      for (const word of words) {
        if (word < this.#built) for (let at = from[word]!, end = from[word + 1]!; at < end; at++) count(postings[at]!);
        const added = more.get(word);
        if (added) for (const animal of added) count(animal);
      }
    });
  }

  /**
   * The first `limit` animals (smallest places first) with one of `words` in their name: each word's
   * list holds its animals in the order they were added, so only its first `limit` can be among them.
   */
  firstNamedWithAny(words: Iterable<number>, limit: number, order: (a: number, b: number) => number): number[] {
    const candidates = new Set<number>();
    for (const word of words) {
      if (word < this.#built) {
        let taken = 0;
        for (let at = this.#nameFrom[word]!, end = this.#nameFrom[word + 1]!; at < end && taken < limit; at++) {
          const animal = this.#namePostings[at]!;
          if (this.#dead[animal] === 1) continue;
          candidates.add(animal);
          taken++;
        }
      }
      for (const animal of this.#moreNames.get(word) ?? []) if (this.#dead[animal] === 0) candidates.add(animal);
    }
    return firstInOrder([...candidates], order, limit);
  }

  /** The words some animal not removed has: the shown catalogue's words (spelling corrections read them). */
  wordsHeld(): string[] {
    const held: string[] = [];
    const alive = (animal: number) => this.#dead[animal] === 0;
    for (let word = 0; word < this.#built + this.#added.length; word++) {
      let has = false;
      if (word < this.#built) {
        for (let at = this.#from[word]!, end = this.#from[word + 1]!; at < end && !has; at++) {
          has = alive(this.#postings[at]!);
        }
      }
      if (has || this.#more.get(word)?.some(alive)) held.push(this.#words[word] ?? this.#added[word - this.#built]!);
    }
    return held;
  }

  /** How many animals not removed have the word (0 when none has it). */
  animalsWith(word: string): number {
    const index = this.#indexOf(word);
    return index === undefined ? 0 : this.#animalsWith[index]!;
  }

  /** Calls `each` with every animal not removed that has the word. */
  eachWith(word: string, each: (animal: number) => void): void {
    const index = this.#indexOf(word);
    if (index === undefined) return;
    const dead = this.#dead;
    if (index < this.#built) {
      for (let at = this.#from[index]!, end = this.#from[index + 1]!; at < end; at++) {
        const animal = this.#postings[at]!;
        if (dead[animal] === 0) each(animal);
      }
    }
    for (const animal of this.#more.get(index) ?? []) if (dead[animal] === 0) each(animal);
  }

  /** The length of the words' lists of animals together (an animal with two of the words counts twice). */
  postingsOf(words: readonly number[]): number {
    let count = 0;
    for (const word of words) {
      if (word < this.#built) count += this.#from[word + 1]! - this.#from[word]!;
      count += this.#more.get(word)?.length ?? 0;
    }
    return count;
  }

  /** The word's index, if some animal has (or had) it. */
  #indexOf(word: string): number | undefined {
    const at = this.#lowerBound(word);
    return this.#words[at] === word ? at : this.#addedIndex.get(word);
  }

  /** The indexes of the words that start with `start`. */
  #starting(start: string): number[] {
    const words: number[] = [];
    for (let index = this.#lowerBound(start); index < this.#words.length; index++) {
      if (!this.#words[index]!.startsWith(start)) break;
      words.push(index);
    }
    this.#added.forEach((word, at) => word.startsWith(start) && words.push(this.#built + at));
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
