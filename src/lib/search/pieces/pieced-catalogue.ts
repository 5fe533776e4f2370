/**
 * The catalogue as the static build's browser searches it: the index pieces (./layout.ts) it has
 * fetched (./piece-store.ts), read as the catalogue index reads its memory — the same lists and
 * suggestions (../catalogue-search.ts listCatalogue, ../catalogue-suggest.ts suggestCatalogue) run over
 * it. Each method reads what it needs; when a piece is not here yet it stops with MissingPieces, and
 * PieceStore.answer fetches the pieces and runs the step again. An animal is its place in name order;
 * its ReadMatch id is that place and its name key a string in the same order, so the engine's sorts
 * and pages order places as they order the server's animals.
 */
import type { AnimalSort } from '../../catalogue-rules.ts';
import type { Animal } from '../../schemas.ts';
import type { ListedCatalogue, SuggestedCatalogue } from '../catalogue-reads.ts';
import type { NamedAnimal, ReadMatch } from '../catalogue-index-rows.ts';
import { searchText, sortKey } from '../hebrew.ts';
import { vocabularyOf, type Vocabulary } from '../search-corrections.ts';
import { compareCodePoints } from '../search-rules.ts';
import { planSearch, type SearchPlan } from '../search-words.ts';
import { ByteReader } from './bytes.ts';
import { namePlaces, readKeyedList, type AnimalKeys } from './keyed-lists.ts';
import { idFile, piece } from './layout.ts';
import { findMatches, lookUp, wordsMatching } from './pieced-matching.ts';
import { readRecords, readStrings, type WordEntry } from './piece-codecs.ts';
import { PiecedWords } from './pieced-words.ts';
import type { PieceStore } from './piece-store.ts';
import { PlaceMarks } from './place-marks.ts';

/** A name key for a place: two characters (U+0100 to below the surrogates) whose code-point order is the places'. */
const placeKey = (place: number) => String.fromCharCode(0x100 + Math.floor(place / 0x4000), 0x100 + (place % 0x4000));

/** An `ids/N` file: each entry a place, a space and the animal's id. */
function readIdPlaces(bytes: Uint8Array): Map<string, number> {
  const places = new Map<string, number>();
  for (const entry of readStrings(bytes)) {
    const space = entry.indexOf(' ');
    places.set(entry.slice(space + 1), Number(entry.slice(0, space)));
  }
  return places;
}

export class PiecedCatalogue implements ListedCatalogue, SuggestedCatalogue {
  readonly #store: PieceStore;
  readonly words: PiecedWords;
  readonly marks: PlaceMarks;
  /** Each place's keys as the lists read them, made once from the first list that has it. */
  readonly #matchOf: (ReadMatch | undefined)[];
  readonly #keep: (place: number, keys: AnimalKeys) => void;
  #all: ReadMatch[] | undefined;
  readonly #sorted = new Map<AnimalSort, readonly ReadMatch[]>();
  #vocabulary: Vocabulary | undefined;
  #firstKeys: string[] | undefined;
  readonly #texts = new Map<number, string>();

  constructor(store: PieceStore) {
    this.#store = store;
    const { animals, slugs } = store.manifest;
    this.#matchOf = new Array<ReadMatch | undefined>(animals);
    this.#keep = (place: number, keys: AnimalKeys) => {
      this.#matchOf[place] ??= {
        id: String(place),
        name_key: placeKey(place),
        price: keys.price,
        category: slugs[keys.category]!,
        rating: keys.rating,
        countInStock: keys.inStock ? 1 : 0,
      };
    };
    this.words = new PiecedWords(store, this.#keep);
    this.marks = new PlaceMarks(animals);
  }

  get store(): PieceStore {
    return this.#store;
  }

  /** The place's keys (every place a list gave has them). */
  matchOf(place: number): ReadMatch {
    return this.#matchOf[place]!;
  }

  /** The place a ReadMatch id names. */
  static placeOf(id: string): number {
    return Number(id);
  }

  plan(search: string): SearchPlan {
    const plan = planSearch(search, (word) => this.words.isCatalogueWord(word));
    this.#store.settle();
    return plan;
  }

  matches(search: string | SearchPlan): { text: string; none: boolean; matches: readonly ReadMatch[] } {
    let plan: SearchPlan;
    if (typeof search === 'string') {
      plan = planSearch(search, (word) => this.words.isCatalogueWord(word));
      // The words' own files are not here yet: ask for what every reading of them looks up, in the same round.
      const everyReading = () => planSearch(search, () => false);
      if (this.#store.missing) lookUp(this, everyReading());
      this.#store.settle();
    } else plan = search;
    const { text } = plan;
    // No stored text holds U+0000 (PostgreSQL's text cannot): such a text matches nothing.
    if (text.includes('\u0000')) return { text, none: true, matches: [] };
    if (!text) return { text, none: false, matches: this.#allAnimals() };
    return { text, none: false, matches: findMatches(this, plan) };
  }

  /** Every animal in name order, with its keys. */
  #allAnimals(): ReadMatch[] {
    if (!this.#all) {
      const all = this.#store.get(piece.all, (bytes) => readKeyedList(new ByteReader(bytes), this.#keep));
      this.#store.settle();
      this.#all = Array.from(all!.places, (place) => this.#matchOf[place]!);
    }
    return this.#all;
  }

  inOrder(sort: AnimalSort): readonly ReadMatch[] {
    let sorted = this.#sorted.get(sort);
    if (!sorted) {
      const all = this.#allAnimals();
      sorted =
        sort === 'name' ? all : [...all].sort((a, b) => a.price - b.price || compareCodePoints(a.name_key, b.name_key));
      this.#sorted.set(sort, sorted);
    }
    return sorted;
  }

  vocabulary(): Vocabulary {
    if (!this.#vocabulary) {
      const words = this.#store.get(piece.vocabulary, readStrings);
      this.#store.settle();
      this.#vocabulary = vocabularyOf(words!);
    }
    return this.#vocabulary;
  }

  /** The animal at `place` (undefined until its records file is here). */
  record(place: number): Animal | undefined {
    const { perFile } = this.#store.manifest.records;
    const file = Math.floor(place / perFile);
    const animals = this.#store.get(piece.records(file), (bytes) => readRecords(bytes, this.#store.manifest.slugs));
    return animals?.[place - file * perFile];
  }

  /**
   * The place of the animal whose id is `id`: -1 when the build has no such animal, undefined until its
   * `ids/N` file is here.
   */
  placeOfId(id: string): number | undefined {
    const file = idFile(id, this.#store.manifest.ids.files);
    const places = this.#store.get(piece.ids(file), readIdPlaces);
    return places && (places.get(id) ?? -1);
  }

  /** The folded name and description of the animal at `place`, as the literal rule reads them. */
  textOf(place: number): string | undefined {
    let text = this.#texts.get(place);
    if (text === undefined) {
      const animal = this.record(place);
      if (!animal) return undefined;
      this.#texts.set(place, (text = searchText(animal.name, animal.description)));
    }
    return text;
  }

  namesStarting(key: string, limit: number): NamedAnimal[] {
    const names = this.#store.get(piece.names, readStrings);
    if (!names) this.#store.settle();
    const firstKeys = (this.#firstKeys ??= names!.map(sortKey));
    // The records file where the first name not before `key` is: the last one opening before it.
    let low = 0;
    let high = firstKeys.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compareCodePoints(firstKeys[middle]!, key) < 0) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    const { animals } = this.#store.manifest;
    for (let place = Math.max(0, low - 1) * this.#store.manifest.records.perFile; place < animals; place++) {
      if (found.length >= limit) break;
      const animal = this.record(place);
      if (!animal) break;
      const nameKey = sortKey(animal.name);
      if (compareCodePoints(nameKey, key) < 0) continue;
      if (!nameKey.startsWith(key)) break;
      found.push(place);
    }
    this.#store.settle();
    return this.#named(found);
  }

  namesWith(plan: SearchPlan, limit: number): NamedAnimal[] {
    const lists = wordsMatching(this, plan);
    this.#store.settle();
    if (lists.length === 0 || lists.some((words) => words.length === 0)) return [];
    let found: number[] = [];
    if (lists.length === 1) {
      // Each word's first name places suffice (the catalogue index's firstNamedWithAny).
      const candidates = new Set<number>();
      for (const word of lists[0]!) for (const place of this.#firstNamed(word, limit)) candidates.add(place);
      found = [...candidates];
    } else {
      const groups = lists.map((words) =>
        words.map((word) => {
          const postings = this.words.ofWord(word).postings();
          return postings ? namePlaces(postings) : [];
        }),
      );
      this.#store.settle();
      this.marks.every(groups, (place) => found.push(place));
    }
    found = found.sort((a, b) => a - b).slice(0, limit);
    for (const place of found) this.record(place);
    this.#store.settle();
    return this.#named(found);
  }

  /** The first `limit` places with `word` in their name. */
  #firstNamed(word: WordEntry, limit: number): readonly number[] {
    if (word.postings) return namePlaces(word.postings).slice(0, limit);
    if (limit <= word.head.length || word.head.length === word.nameCount) return word.head.slice(0, limit);
    const postings = this.words.ofWord(word).postings();
    return postings ? namePlaces(postings).slice(0, limit) : [];
  }

  #named(places: readonly number[]): NamedAnimal[] {
    return places.map((place) => {
      const { _id, name } = this.record(place)!;
      return { id: _id, name };
    });
  }
}
