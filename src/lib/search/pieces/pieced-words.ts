/**
 * The catalogue's words as the index pieces hold them (./layout.ts), found the ways the catalogue
 * index finds them (../catalogue-words.ts): a word as it stands, the words with a base form, the words
 * that start with a text, the words that hold a run, a character's animals. Each answer comes from
 * the pieces fetched so far; what is missing is noted in the store (./piece-store.ts), and the step
 * asking is run again once it is here.
 */
import type { AnimalKeys, Postings } from './keyed-lists.ts';
import { readKeyedList } from './keyed-lists.ts';
import { ByteReader } from './bytes.ts';
import { piece, rangeOf, rangesStarting } from './layout.ts';
import {
  readBaseEntries,
  readSuffixEntries,
  readWordEntries,
  type BaseEntry,
  type KeepKeys,
  type SuffixEntry,
  type WordEntry,
} from './piece-codecs.ts';
import type { PieceStore } from './piece-store.ts';

/** Something that has a list of animals: how many, and the list once fetched. */
export interface Source {
  /** A word's rank (the same word found twice counts once); undefined for other lists. */
  rank: number | undefined;
  count: number;
  postings(): Postings | undefined;
}

const LETTER = /\p{L}/u;

/** The first index in `entries` whose key is not before `key`. */
function lowerBound<T>(entries: readonly T[], key: string, keyOf: (entry: T) => string): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (keyOf(entries[middle]!) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class PiecedWords {
  readonly #store: PieceStore;
  readonly #keep: KeepKeys;

  constructor(store: PieceStore, keep: (place: number, keys: AnimalKeys) => void) {
    this.#store = store;
    this.#keep = keep;
  }

  #wordFile(file: number): WordEntry[] | undefined {
    const firstRank = this.#store.manifest.words.rank[file]!;
    return this.#store.get(piece.words(file), (bytes) => readWordEntries(bytes, firstRank, this.#keep));
  }

  /** The word's entry: undefined when no animal has it (or its file is not here yet). */
  entry(word: string): WordEntry | undefined {
    const { first } = this.#store.manifest.words;
    if (first.length === 0) return undefined;
    const entries = this.#wordFile(rangeOf(first, word));
    const found = entries?.[lowerBound(entries, word, (entry) => entry.word)];
    return found?.word === word ? found : undefined;
  }

  /** Is this a word of `search_word` (a catalogue word with a letter)? */
  isCatalogueWord(word: string): boolean {
    return LETTER.test(word) && this.entry(word) !== undefined;
  }

  byRank(rank: number): WordEntry | undefined {
    const ranks = this.#store.manifest.words.rank;
    let low = 0;
    let high = ranks.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ranks[middle]! <= rank) low = middle + 1;
      else high = middle;
    }
    const file = low - 1;
    return file < 0 ? undefined : this.#wordFile(file)?.[rank - ranks[file]!];
  }

  /** The words that start with `start`, in order. */
  starting(start: string): WordEntry[] {
    const { first } = this.#store.manifest.words;
    if (first.length === 0) return [];
    const words: WordEntry[] = [];
    for (const file of rangesStarting(first, start)) {
      const entries = this.#wordFile(file);
      if (!entries) continue;
      for (let at = lowerBound(entries, start, (entry) => entry.word); at < entries.length; at++) {
        if (!entries[at]!.word.startsWith(start)) break;
        words.push(entries[at]!);
      }
    }
    return words;
  }

  /** The entries of the words' ends (after a first letter) that start with `start`. */
  suffixesStarting(start: string): SuffixEntry[] {
    const firsts = this.#store.manifest.suffixes;
    if (firsts.length === 0) return [];
    const found: SuffixEntry[] = [];
    for (const file of rangesStarting(firsts, start)) {
      const entries = this.#store.get(piece.suffixes(file), (bytes) => readSuffixEntries(bytes, this.#keep));
      if (!entries) continue;
      for (let at = lowerBound(entries, start, (entry) => entry.suffix); at < entries.length; at++) {
        if (!entries[at]!.suffix.startsWith(start)) break;
        found.push(entries[at]!);
      }
    }
    return found;
  }

  /** The ranks of the words with a letter whose base form is `base`. */
  withBase(base: string): readonly number[] {
    const firsts = this.#store.manifest.bases;
    if (firsts.length === 0) return [];
    const entries = this.#store.get(piece.bases(rangeOf(firsts, base)), readBaseEntries);
    const found: BaseEntry | undefined = entries?.[lowerBound(entries, base, (entry) => entry.base)];
    return found?.base === base ? found.ranks : [];
  }

  /** A word's list of animals, as a source. */
  ofWord(entry: WordEntry): Source {
    return {
      rank: entry.rank,
      count: entry.count,
      postings: () => entry.postings ?? this.#list(entry.file!),
    };
  }

  /** A suffix entry's word as a source: its list inline, else its word (undefined until that word's file is here). */
  ofSuffix(entry: SuffixEntry): Source | undefined {
    if (entry.postings) {
      const { postings } = entry;
      return { rank: undefined, count: postings.places.length, postings: () => postings };
    }
    const word = this.byRank(entry.rank!);
    return word && this.ofWord(word);
  }

  /** The animals whose text has `character` (undefined: none has it). */
  ofCharacter(character: string): Source | undefined {
    const held = this.#store.manifest.characters[character];
    if (!held) return undefined;
    const [file, count] = held;
    return {
      rank: undefined,
      count,
      postings: () =>
        this.#store.get(piece.characters(file), (bytes) => readKeyedList(new ByteReader(bytes), this.#keep)),
    };
  }

  #list(file: number): Postings | undefined {
    return this.#store.get(piece.list(file), (bytes) => readKeyedList(new ByteReader(bytes), this.#keep));
  }
}
