/**
 * The shown catalogue's search keys held in memory, for one catalogue version: every stored word
 * (`animal.search_words`, written with each animal: ./animal-words.ts) with the animals that have it,
 * each animal's folded text, and the columns searches filter, count and sort by. A text's matches are
 * found here by the rules of src/lib/search-words.ts (matchesPlan: the word rule, or the literal text)
 * without a statement, then filtered, counted and sorted like any matches read (./matches-read.ts).
 * Built and replaced by ./catalogue-index-keeper.ts; docs/decisions/search-index.md ("Fourth round").
 */
import { literalRuns, planSearch, type QueryWord, type SearchPlan } from '../../lib/search-words.ts';
import { compareBySort, compareCodePoints, firstInOrder } from '../../lib/search-rules.ts';
import type { ReadMatch } from './matches-read.ts';

/** One shown animal as the index reads it from `animal`. */
export interface IndexedAnimal {
  id: string;
  name: string;
  name_key: string;
  price: number | string;
  category_id: string;
  rating: number | string;
  count_in_stock: number | string;
  /** Its stored words, each once, between spaces (src/lib/search-words.ts storedWords). */
  search_words: string;
  /** Its name's stored words, the same way (what suggestions match). */
  name_words: string;
  /** Its folded name and description (src/lib/hebrew.ts searchText): what the literal rule reads. */
  search_text: string;
}

/** An animal as suggestions name it. */
export interface NamedAnimal {
  id: string;
  name: string;
}

/** A catalogue word with a letter and its base form (`search_word`). */
export interface FormRow {
  word: string;
  base: string;
}

/** Binary order of two words, as both databases compare them (code units agree for the catalogue's letters). */
const before = (a: string, b: string) => a < b;

/** Each word's animals (the index of each animal's list of words), in the animals' order. */
function postingLists(wordsOfAnimals: readonly string[][]): Map<string, number[]> {
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

export class CatalogueIndex {
  /** The catalogue version the index was read under (catalogue_version's token). */
  readonly version: string;
  /** Every shown animal's keys (ReadMatch), in the order read. */
  readonly animals: readonly ReadMatch[];
  readonly #texts: readonly string[];
  readonly #names: readonly string[];
  /** The animals in name order (name_key, then id), and each animal's place in it. */
  readonly #byName: Int32Array;
  readonly #nameRank: Int32Array;
  /** Every stored word of a shown animal, sorted; word i's animals are #postings[#from[i]] … [#from[i + 1] - 1]. */
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
  readonly #forms: Map<string, number[]>;
  /** The words of `search_word`: a query word that is one is read as prefix letters + a word only after ה. */
  readonly #known: ReadonlySet<string>;
  /** Some shown animal has no stored words (written directly in SQL): only texts tell the literal rule. */
  readonly #unworded: boolean;
  /** Scratch marks, one per animal, reused by every search (stamped, so never cleared). */
  readonly #found: Uint32Array;
  readonly #seen: Uint32Array;
  readonly #counts: Uint16Array;
  #foundStamp = 0;
  #seenStamp = 0;

  constructor(version: string, rows: readonly IndexedAnimal[], forms: readonly FormRow[]) {
    this.version = version;
    const categories = new Map<string, string>();
    this.animals = rows.map((row) => {
      // One string per category, not one per row.
      let category = categories.get(row.category_id);
      if (category === undefined) categories.set(row.category_id, (category = row.category_id));
      return {
        id: row.id,
        name_key: row.name_key,
        price: Number(row.price),
        category,
        rating: Number(row.rating),
        countInStock: Number(row.count_in_stock),
      };
    });
    this.#texts = rows.map((row) => row.search_text);
    this.#names = rows.map((row) => row.name);
    const nameOrder = compareBySort('name');
    this.#byName = Int32Array.from(rows.keys()).sort((a, b) => nameOrder(this.animals[a]!, this.animals[b]!));
    this.#nameRank = new Int32Array(rows.length);
    this.#byName.forEach((animal, rank) => (this.#nameRank[animal] = rank));
    const wordsOf = (stored: string) => stored.split(' ').filter(Boolean);
    const byWord = postingLists(rows.map((row) => wordsOf(row.search_words)));
    this.#unworded = rows.some((row) => wordsOf(row.search_words).length === 0);
    this.#words = [...byWord.keys()].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    [this.#from, this.#postings] = packed(this.#words, byWord);
    [this.#nameFrom, this.#namePostings] = packed(
      this.#words,
      postingLists(rows.map((row) => wordsOf(row.name_words))),
    );
    this.#joined = `\n${this.#words.join('\n')}\n`;
    this.#wordStarts = new Int32Array(this.#words.length);
    for (let index = 0, at = 1; index < this.#words.length; at += this.#words[index]!.length + 1, index++) {
      this.#wordStarts[index] = at;
    }
    this.#known = new Set(forms.map((form) => form.word));
    this.#forms = new Map();
    for (const { word, base } of forms) {
      const index = this.#indexOf(word);
      if (index === undefined) continue;
      const same = this.#forms.get(base);
      if (same) same.push(index);
      else this.#forms.set(base, [index]);
    }
    this.#found = new Uint32Array(rows.length);
    this.#seen = new Uint32Array(rows.length);
    this.#counts = new Uint16Array(rows.length);
  }

  get size(): number {
    return this.animals.length;
  }

  /** Is this a word of `search_word` (src/lib/search-words.ts planSearch's isCatalogueWord)? */
  isCatalogueWord(word: string): boolean {
    return this.#known.has(word);
  }

  /**
   * The shown animals a search matches (every one for the empty text), each once, with its folded text
   * (`none`: a text no stored text can hold).
   */
  matches(search: string): { text: string; none: boolean; matches: readonly ReadMatch[] } {
    const plan = planSearch(search, (word) => this.#known.has(word));
    const { text } = plan;
    // No stored text holds U+0000 (./search-sql.ts matchFor).
    if (text.includes('\u0000')) return { text, none: true, matches: [] };
    if (!text) return { text, none: false, matches: this.animals };
    const stamp = (this.#foundStamp = CatalogueIndex.#next(this.#foundStamp, this.#found));
    const matches: ReadMatch[] = [];
    const add = (animal: number) => {
      if (this.#found[animal] === stamp) return;
      this.#found[animal] = stamp;
      matches.push(this.animals[animal]!);
    };
    this.#literal(text, add);
    if (plan.words.length > 0) this.#wordRule(plan, add);
    return { text, none: false, matches };
  }

  /** The first `limit` shown animals in name order whose name's sort key starts with `key` (suggestions). */
  namesStarting(key: string, limit: number): NamedAnimal[] {
    let low = 0;
    let high = this.#byName.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compareCodePoints(this.animals[this.#byName[middle]!]!.name_key, key) < 0) low = middle + 1;
      else high = middle;
    }
    const found: NamedAnimal[] = [];
    for (let rank = low; rank < this.#byName.length && found.length < limit; rank++) {
      const animal = this.#byName[rank]!;
      if (!this.animals[animal]!.name_key.startsWith(key)) break;
      found.push(this.#named(animal));
    }
    return found;
  }

  /** The first `limit` shown animals in name order with a word of their name for every word of `plan` (suggestions). */
  namesWith(plan: SearchPlan, limit: number): NamedAnimal[] {
    const lists = plan.words.map((query) => this.#wordsOf(query));
    if (lists.length === 0 || lists.some((words) => words.size === 0) || lists.length > 0xfffe) return [];
    const ranks: number[] = [];
    this.#withEvery(lists, (animal) => ranks.push(this.#nameRank[animal]!), true);
    return firstInOrder(ranks, (a, b) => a - b, limit).map((rank) => this.#named(this.#byName[rank]!));
  }

  #named(animal: number): NamedAnimal {
    return { id: this.animals[animal]!.id, name: this.#names[animal]! };
  }

  /** The stamp after `stamp` for `marks` (cleared when the stamps wrap around). */
  static #next(stamp: number, marks: Uint32Array): number {
    if (stamp < 0xffffffff) return stamp + 1;
    marks.fill(0);
    return 1;
  }

  /** The word's index in #words, if some shown animal has it. */
  #indexOf(word: string): number | undefined {
    const at = this.#lowerBound(word);
    return this.#words[at] === word ? at : undefined;
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

  /** The catalogue words a query word matches (src/lib/search-words.ts wordMatches), as indexes. */
  #wordsOf(query: QueryWord): Set<number> {
    const words = new Set<number>();
    const exact = this.#indexOf(query.word);
    if (exact !== undefined) words.add(exact);
    for (const base of query.bases) for (const index of this.#forms.get(base) ?? []) words.add(index);
    for (const start of query.starts) {
      for (let index = this.#lowerBound(start); index < this.#words.length; index++) {
        if (!this.#words[index]!.startsWith(start)) break;
        words.add(index);
      }
    }
    return words;
  }

  /**
   * Calls `each` with every animal that has, for every list of words, one of that list's words (of its
   * name, when `inName`), each animal once. The lists' animals are counted in #counts, stamped per call.
   */
  #withEvery(lists: readonly Iterable<number>[], each: (animal: number) => void, inName = false): void {
    const stamp = (this.#seenStamp = CatalogueIndex.#next(this.#seenStamp, this.#seen));
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

  /** The word rule: every query word matches a word of the animal. */
  #wordRule(plan: SearchPlan, add: (animal: number) => void): void {
    const lists = plan.words.map((query) => this.#wordsOf(query));
    if (lists.some((words) => words.size === 0) || lists.length > 0xfffe) return;
    this.#withEvery(lists, add);
  }

  /**
   * The literal rule: the animal's folded text holds the folded search text. Found through the words
   * its runs lie in (src/lib/search-words.ts literalRuns): a text that is one run lies inside a word, so
   * every animal with such a word holds it; else those with a word for every run are checked.
   */
  #literal(text: string, add: (animal: number) => void): void {
    const runs = this.#unworded ? undefined : literalRuns(text);
    if (!runs) {
      this.#texts.forEach((searchText, animal) => searchText.includes(text) && add(animal));
      return;
    }
    const lists = runs.map((run) => {
      const words: number[] = [];
      if (run.place === 'whole') {
        const index = this.#indexOf(run.run);
        if (index !== undefined) words.push(index);
      } else if (run.place === 'start') {
        for (let index = this.#lowerBound(run.run); index < this.#words.length; index++) {
          if (!this.#words[index]!.startsWith(run.run)) break;
          words.push(index);
        }
      } else {
        // Inside a word, or at its end: found in the words written one after the other (a run has no '\n').
        const needle = run.place === 'end' ? `${run.run}\n` : run.run;
        for (let at = this.#joined.indexOf(needle); at >= 0; at = this.#joined.indexOf(needle, at + 1)) {
          const index = this.#wordAt(at);
          if (words.at(-1) !== index) words.push(index);
        }
      }
      return words;
    });
    if (lists.some((words) => words.length === 0)) return;
    if (runs.length === 1 && runs[0]!.place === 'inside') this.#withEvery(lists, add);
    else this.#withEvery(lists, (animal) => this.#texts[animal]!.includes(text) && add(animal));
  }
}
