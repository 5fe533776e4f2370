/**
 * Building the catalogue's words (./catalogue-words.ts) one animal at a time, as the index reads them:
 * each distinct word kept once, the pairs of word and animal in a typed array.
 */
import { CatalogueWords, type FormRow } from './catalogue-words.ts';

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
    const { sorted, rank } = this.#sorted();
    await pause();
    const all = this.#pairs.grouped(rank);
    await pause();
    const inName = this.#namePairs.grouped(rank);
    await pause();
    return new CatalogueWords(sorted, all, inName, forms, this.#animals);
  }

  /** The same at once (a small index, such as the owner's table of hidden animals). */
  buildNow(forms: readonly FormRow[]): CatalogueWords {
    const { sorted, rank } = this.#sorted();
    return new CatalogueWords(sorted, this.#pairs.grouped(rank), this.#namePairs.grouped(rank), forms, this.#animals);
  }

  /** The words sorted, and each word id's rank among them. */
  #sorted(): { sorted: string[]; rank: Int32Array } {
    // The default sort compares code units: the order of `before`.
    const sorted = [...this.#words].sort();
    const rank = new Int32Array(sorted.length);
    sorted.forEach((word, at) => (rank[this.#ids.get(word)!] = at));
    return { sorted, rank };
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
