/**
 * The catalogue in memory, for one catalogue version: every stored word (`animal.search_words`,
 * `name_words`: src/server/db/search/animal-words.ts) with the animals that have it (./catalogue-words.ts),
 * each animal's folded text and name, and the columns lists filter, count and sort by. A text's matches
 * are found here by the rules of ./search-words.ts without a statement (the word and literal rules in
 * ./catalogue-matching.ts, the name order's merge in ./catalogue-name-order.ts); ./catalogue-search.ts makes every
 * list of them, ./catalogue-suggest.ts the suggestions. Kept by
 * src/server/search/catalogue-index-keeper.ts on the server (docs/decisions/0016-catalogue-index-and-change-feed.md);
 * the static build's browser reads the same lookups from the index in pieces (./pieces/).
 */
import type { AnimalSort } from '../catalogue-rules.ts';
import { vocabularyOf, type Vocabulary } from './search-corrections.ts';
import { compareCodePoints, firstInOrder } from './search-rules.ts';
import { planSearch, wordsOfFolded, type SearchPlan } from './search-words.ts';
import { byLiteral, byWords } from './catalogue-matching.ts';
import { byName, placesByName } from './catalogue-name-order.ts';
import { CatalogueWords, nextStamp } from './catalogue-words.ts';
import type { PackedTexts } from './packed-texts.ts';
import { animalKeys } from './animal-keys.ts';
import { searchText } from './hebrew.ts';
import { readMatchOf, type NamedAnimal, type ReadMatch, type WrittenAnimal } from './catalogue-index-rows.ts';

export class CatalogueIndex {
  /** The catalogue version the index holds (src/server/search/catalogue-version.ts: its change number and token). */
  version: string;
  /** Every animal the index was given, at its place (removed ones too: see #words.isRemoved). */
  readonly #all: ReadMatch[];
  /** Each animal's folded text and name, one byte a character when they can be (./packed-texts.ts). */
  readonly #texts: PackedTexts;
  readonly #names: PackedTexts;
  /** How many animals were built; animals written since follow them, outside #byName. */
  readonly #built: number;
  /** The built animals in name order (name_key, then id), and each one's place in it. */
  readonly #byName: Int32Array;
  readonly #nameRank: Int32Array;
  /** Were the animals read in name order (a place is then a rank)? */
  readonly #readInNameOrder: boolean;
  readonly #words: CatalogueWords;
  /** Some shown animal has no stored words (written directly in SQL): only texts tell the literal rule. */
  readonly #unworded: boolean;
  /** Which animals a search found already (stamped per search). */
  #found: Uint32Array;
  #foundStamp = 0;
  /** Each animal's place, made at the first change applied. */
  #placeOf: Map<string, number> | undefined;
  /** The shown animals now, while no change is applied; how many are removed. */
  #shown: readonly ReadMatch[] | undefined;
  #removed = 0;
  /** The shown animals in each sort's order, and the spelling vocabulary, for the version `#madeAt` names. */
  #madeAt: string | undefined;
  readonly #sorted = new Map<AnimalSort, readonly ReadMatch[]>();
  #vocabulary: Vocabulary | undefined;

  /** Made by CatalogueIndexBuilder. */
  constructor(
    version: string,
    animals: ReadMatch[],
    texts: PackedTexts,
    names: PackedTexts,
    words: CatalogueWords,
    unworded: boolean,
  ) {
    this.version = version;
    this.#all = animals;
    this.#texts = texts;
    this.#names = names;
    this.#words = words;
    this.#unworded = unworded;
    this.#built = animals.length;
    // Read in name order (src/server/search/catalogue-index-keeper.ts); sorted here only if the database's order differed.
    this.#byName = Int32Array.from(animals.keys());
    this.#readInNameOrder = !animals.some((animal, at) => at > 0 && byName(animals[at - 1]!, animal) > 0);
    if (!this.#readInNameOrder) this.#byName.sort((a, b) => byName(animals[a]!, animals[b]!));
    this.#nameRank = new Int32Array(animals.length);
    this.#byName.forEach((animal, rank) => (this.#nameRank[animal] = rank));
    this.#found = new Uint32Array(animals.length);
  }

  /** Every shown animal's keys (ReadMatch). */
  get animals(): readonly ReadMatch[] {
    if (this.#removed === 0) return this.#all;
    return (this.#shown ??= this.#all.filter((_, animal) => !this.#words.isRemoved(animal)));
  }

  get size(): number {
    return this.#all.length - this.#removed;
  }

  /** How many places the index has (removed animals' too): every place is below it. */
  get places(): number {
    return this.#all.length;
  }

  /** How many animals were written or removed since the index was read whole. */
  get changed(): number {
    return this.#all.length - this.#built + this.#removed;
  }

  /**
   * Brings the index to `version`: the animals of `ids` as `written` has them now (absent: deleted). An
   * animal still shown with the same name and text keeps its place and words, with its new keys; any
   * other is removed, and added again at the end (if shown) with its words computed from its text, so
   * that an animal written directly in SQL is found by what it says.
   */
  apply(version: string, ids: Iterable<string>, written: readonly WrittenAnimal[]): void {
    this.#placeOf ??= this.#places();
    const rows = new Map(written.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = rows.get(id);
      const place = this.#placeOf.get(id);
      if (place !== undefined && row && !row.hidden && this.#sameText(place, row)) {
        const held = this.#all[place]!;
        this.#all[place] = readMatchOf(
          { ...row, name_key: held.name_key },
          held.category === row.category_id ? held.category : row.category_id,
        );
        continue;
      }
      if (place !== undefined) {
        this.#placeOf.delete(id);
        this.#words.removeAnimal(place, this.wordsAt(place));
        this.#removed++;
      }
      if (!row) continue;
      const keys = animalKeys(row.name, row.description);
      if (row.hidden) {
        // The catalogue's word list has a hidden animal's words too.
        this.#words.know(keys.forms);
        continue;
      }
      const added = this.#all.length;
      this.#all.push(readMatchOf({ ...row, name_key: keys.name_key }, row.category_id));
      this.#texts.push(keys.search_text);
      this.#names.push(row.name);
      this.#words.addAnimal(added, keys.search_words, keys.name_words, keys.forms);
      this.#placeOf.set(row.id, added);
    }
    if (this.#found.length < this.#all.length) {
      const larger = new Uint32Array(Math.ceil(this.#all.length * 1.25));
      larger.set(this.#found);
      this.#found = larger;
    }
    this.#shown = undefined;
    this.version = version;
  }

  /** Does the animal at `place` have `row`'s name and text (and so its words)? */
  #sameText(place: number, row: WrittenAnimal): boolean {
    return this.#names.is(place, row.name) && this.#texts.is(place, searchText(row.name, row.description));
  }

  /**
   * Each animal's place. An animal read twice (written while the catalogue was read, at two places of
   * the name order) is kept at its last place only: its change, in the feed, brings it up to date.
   */
  #places(): Map<string, number> {
    const places = new Map<string, number>();
    this.#all.forEach((animal, place) => {
      const earlier = places.get(animal.id);
      if (earlier !== undefined && !this.#words.isRemoved(earlier)) {
        this.#words.removeAnimal(earlier, this.wordsAt(earlier));
        this.#removed++;
      }
      if (!this.#words.isRemoved(place)) places.set(animal.id, place);
    });
    return places;
  }

  /** The place of the shown animal `id` (undefined when it is not shown). */
  placeOf(id: string): number | undefined {
    this.#placeOf ??= this.#places();
    return this.#placeOf.get(id);
  }

  /** The keys of the animal at `place`. */
  keysAt(place: number): ReadMatch {
    return this.#all[place]!;
  }

  /** The distinct words of the animal at `place` (its stored words: ./search-words.ts storedWords). */
  wordsAt(place: number): string[] {
    return [...new Set(wordsOfFolded(this.#texts.at(place)))];
  }

  /** How many shown animals have `word`, and each of them (./catalogue-similar.ts). */
  animalsWith(word: string): number {
    return this.#words.animalsWith(word);
  }

  eachWith(word: string, each: (place: number) => void): void {
    this.#words.eachWith(word, each);
  }

  /** Name order of two places. */
  compareNames(a: number, b: number): number {
    return this.#nameOrder(a, b);
  }

  /** Is this a word of `search_word` (./search-words.ts planSearch's isCatalogueWord)? */
  isCatalogueWord(word: string): boolean {
    return this.#words.isCatalogueWord(word);
  }

  /** How the rules read `search` against this catalogue's words (./search-words.ts planSearch). */
  plan(search: string): SearchPlan {
    return planSearch(search, (word) => this.#words.isCatalogueWord(word));
  }

  /**
   * The shown animals a search (or its plan) matches (every one for the empty text), each once, with
   * its folded text (`none`: a text no stored text can hold).
   */
  matches(search: string | SearchPlan): { text: string; none: boolean; matches: readonly ReadMatch[] } {
    const plan = typeof search === 'string' ? this.plan(search) : search;
    const { text } = plan;
    // No stored text holds U+0000 (PostgreSQL's text cannot): such a text matches nothing.
    if (text.includes('\u0000')) return { text, none: true, matches: [] };
    if (!text) return { text, none: false, matches: this.animals };
    const stamp = (this.#foundStamp = nextStamp(this.#foundStamp, this.#found));
    const matches: ReadMatch[] = [];
    const add = (animal: number) => {
      if (this.#found[animal] === stamp) return;
      this.#found[animal] = stamp;
      matches.push(this.#all[animal]!);
    };
    byLiteral(this.#words, this.#texts, this.#unworded, text, add);
    if (plan.words.length > 0) byWords(this.#words, plan, add);
    return { text, none: false, matches };
  }

  /**
   * Every shown animal in `sort`'s order, made once per version (lists without text walk it): from the
   * name order the index was read in, with the animals written since put in their places, and by price
   * from that order's ranks — numbers compared, not the names again.
   */
  inOrder(sort: AnimalSort): readonly ReadMatch[] {
    this.#madeFor();
    let sorted = this.#sorted.get(sort);
    if (!sorted) {
      const byName = this.#placesByName();
      let places = byName;
      if (sort === 'price') {
        const rank = new Int32Array(this.#all.length);
        byName.forEach((place, at) => (rank[place] = at));
        places = byName.slice().sort((a, b) => this.#all[a]!.price - this.#all[b]!.price || rank[a]! - rank[b]!);
      }
      sorted = Array.from(places, (place) => this.#all[place]!);
      this.#sorted.set(sort, sorted);
    }
    return sorted;
  }

  /** The shown animals' places in name order: the built ones by rank, each written since where it belongs. */
  #placesByName(): Int32Array {
    return placesByName(this.#all, this.#byName, this.#built, (place) => this.#words.isRemoved(place), this.#nameOrder);
  }

  /** The shown animals' words with a letter: what spelling corrections may correct to (./search-corrections.ts). */
  vocabulary(): Vocabulary {
    this.#madeFor();
    return (this.#vocabulary ??= vocabularyOf(this.#words.wordsHeld()));
  }

  /** Drops what was made for an older version. */
  #madeFor(): void {
    if (this.#madeAt === this.version) return;
    this.#madeAt = this.version;
    this.#sorted.clear();
    this.#vocabulary = undefined;
  }

  /** The first `limit` shown animals in name order whose name's sort key starts with `key` (suggestions). */
  namesStarting(key: string, limit: number): NamedAnimal[] {
    let low = 0;
    let high = this.#byName.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compareCodePoints(this.#all[this.#byName[middle]!]!.name_key, key) < 0) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let rank = low; rank < this.#byName.length && found.length < limit; rank++) {
      const animal = this.#byName[rank]!;
      if (!this.#all[animal]!.name_key.startsWith(key)) break;
      if (!this.#words.isRemoved(animal)) found.push(animal);
    }
    for (let animal = this.#built; animal < this.#all.length; animal++) {
      if (!this.#words.isRemoved(animal) && this.#all[animal]!.name_key.startsWith(key)) found.push(animal);
    }
    return firstInOrder(found, this.#nameOrder, limit).map((animal) => this.#named(animal));
  }

  /** The first `limit` shown animals in name order with a word of their name for every word of `plan` (suggestions). */
  namesWith(plan: SearchPlan, limit: number): NamedAnimal[] {
    const lists = plan.words.map((query) => this.#words.matching(query));
    if (lists.length === 0 || lists.some((words) => words.size === 0)) return [];
    // One word (the usual suggestion) of an index read in name order: each word's first few animals suffice.
    if (lists.length === 1 && this.#readInNameOrder) {
      return this.#words.firstNamedWithAny(lists[0]!, limit, this.#nameOrder).map((animal) => this.#named(animal));
    }
    const found: number[] = [];
    this.#words.withEvery(lists, (animal) => found.push(animal), true);
    return firstInOrder(found, this.#nameOrder, limit).map((animal) => this.#named(animal));
  }

  /** Name order of two places: by rank among the built animals, else by their keys. */
  readonly #nameOrder = (a: number, b: number): number =>
    a < this.#built && b < this.#built ? this.#nameRank[a]! - this.#nameRank[b]! : byName(this.#all[a]!, this.#all[b]!);

  #named(animal: number): NamedAnimal {
    return { id: this.#all[animal]!.id, name: this.#names.at(animal) };
  }
}
