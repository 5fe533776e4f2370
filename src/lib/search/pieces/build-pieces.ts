/**
 * The search index in pieces (./layout.ts) from the catalogue's animals, at build time: each animal's
 * words, base forms, folded text and name key computed by the engine's own functions (../animal-keys.ts),
 * as the server's index holds them, then written as the files the browser fetches per search.
 */
import type { Animal } from '../../schemas.ts';
import { animalKeys } from '../animal-keys.ts';
import { sortKey } from '../hebrew.ts';
import { compareCodePoints } from '../search-rules.ts';
import { baseForm } from '../search-words.ts';
import { ByteWriter } from './bytes.ts';
import { writeKeyedList, type AnimalKeys } from './keyed-lists.ts';
import { FORMAT, idFile, piece, type IndexManifest } from './layout.ts';
import {
  HEAD_PLACES,
  writeBaseEntry,
  writeRecords,
  writeStrings,
  writeSuffixEntry,
  writeWordEntry,
} from './piece-codecs.ts';

/** How large the pieces are made (bytes before compression). */
export interface PieceSizes {
  /** A `words/N`, `suffixes/N` or `bases/N` file is closed once it holds this many bytes. */
  rangeBytes: number;
  /** Animals per `records/N` file. */
  recordsPerFile: number;
  /** A word's list longer than this goes into a file of its own. */
  inlineBytes: number;
  /** A word with at most this many animals has its list in each of its suffixes' entries too. */
  suffixInline: number;
  /** About this many ids per `ids/N` file. */
  idsPerFile: number;
}

const DEFAULT_PIECE_SIZES: PieceSizes = {
  rangeBytes: 16 * 1024,
  recordsPerFile: 64,
  inlineBytes: 1024,
  suffixInline: 4,
  idsPerFile: 512,
};

export interface IndexPieces {
  manifest: IndexManifest;
  /** Each piece's bytes by its name (./layout.ts piece). */
  pieces: Map<string, Uint8Array>;
}

const LETTER = /\p{L}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

interface Row {
  animal: Animal;
  nameKey: string;
}

/** Entries written one after another into files of about `bytes` each; each file's first key. */
function inRanges<T>(
  entries: Iterable<T>,
  bytes: number,
  keyOf: (entry: T) => string,
  write: (writer: ByteWriter, previous: string, entry: T) => void,
): { files: Uint8Array[]; firsts: string[]; counts: number[] } {
  const files: Uint8Array[] = [];
  const firsts: string[] = [];
  const counts: number[] = [];
  let writer = new ByteWriter();
  let previous = '';
  let count = 0;
  for (const entry of entries) {
    const key = keyOf(entry);
    if (count === 0) firsts.push(key);
    write(writer, count === 0 ? '' : previous, entry);
    previous = key;
    count++;
    if (writer.length >= bytes) {
      files.push(writer.done());
      counts.push(count);
      writer = new ByteWriter();
      count = 0;
    }
  }
  if (count > 0) {
    files.push(writer.done());
    counts.push(count);
  }
  return { files, firsts, counts };
}

/** A short stable name for the pieces' contents (FNV-1a, twice). */
function versionOf(pieces: Map<string, Uint8Array>): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (const [name, bytes] of pieces) {
    for (let at = 0; at < name.length; at++) a = Math.imul(a ^ name.charCodeAt(at), 0x01000193);
    for (const byte of bytes) {
      a = Math.imul(a ^ byte, 0x01000193);
      b = Math.imul(b ^ byte, 0x811c9dc5) ^ (b >>> 15);
    }
  }
  return [a, b].map((value) => (value >>> 0).toString(16).padStart(8, '0')).join('');
}

/** The pieces of the catalogue `animals`; `categories` in catalogue order (slug and name) name the facets. */
export function buildIndexPieces(
  animals: readonly Animal[],
  categories: readonly (readonly [slug: string, name: string])[],
  sizes: PieceSizes = DEFAULT_PIECE_SIZES,
): IndexPieces {
  // One animal per id (the last one given), in name order: a place is a rank.
  const rows: Row[] = [...new Map(animals.map((animal) => [animal._id, animal])).values()].map((animal) => ({
    animal,
    nameKey: sortKey(animal.name),
  }));
  rows.sort((a, b) => compareCodePoints(a.nameKey, b.nameKey) || compareCodePoints(a.animal._id, b.animal._id));

  const slugs = categories.map(([slug]) => slug);
  const slugIndex = new Map(slugs.map((slug, at) => [slug, at]));
  const indexOfSlug = (slug: string) => {
    let at = slugIndex.get(slug);
    if (at === undefined) slugIndex.set(slug, (at = slugs.push(slug) - 1));
    return at;
  };
  const keys: AnimalKeys[] = rows.map(({ animal }) => ({
    category: indexOfSlug(animal.category),
    price: animal.price,
    rating: animal.rating,
    inStock: animal.countInStock > 0,
  }));
  const keysOf = (place: number) => keys[place]!;
  const pieces = new Map<string, Uint8Array>();

  // Each word's animals, in place order, and whether it is in each one's name.
  const words = new Map<string, { places: number[]; inName: boolean[] }>();
  const characters = new Map<string, number[]>();
  // The rest of each animal's keys, computed once and not kept (a large catalogue's texts and forms are many).
  rows.forEach(({ animal }, place) => {
    const { search_words, name_words, search_text } = animalKeys(animal.name, animal.description);
    const named = new Set(name_words.split(' '));
    for (const word of search_words.split(' ')) {
      if (!word) continue;
      let list = words.get(word);
      if (!list) words.set(word, (list = { places: [], inName: [] }));
      list.places.push(place);
      list.inName.push(named.has(word));
    }
    // A letter or digit as its words have it (a one-letter search reads the words); anything else as the text does.
    const held = new Set<string>();
    for (const character of search_words) if (LETTER_OR_DIGIT.test(character)) held.add(character);
    for (const character of search_text) if (!LETTER_OR_DIGIT.test(character)) held.add(character);
    for (const character of held) {
      const list = characters.get(character);
      if (list) list.push(place);
      else characters.set(character, [place]);
    }
  });

  // Words in code-unit order (the catalogue index's), each list inline or in a file of its own.
  const sorted = [...words.keys()].sort();
  let lists = 0;
  const wordEntries = sorted.map((word) => {
    const { places, inName } = words.get(word)!;
    const writer = new ByteWriter();
    writeKeyedList(writer, places, keysOf, inName);
    const list = writer.done();
    const nameCount = inName.filter(Boolean).length;
    if (list.length <= sizes.inlineBytes) return { word, count: places.length, nameCount, list };
    const file = lists++;
    pieces.set(piece.list(file), list);
    const head = places.filter((_, at) => inName[at]).slice(0, HEAD_PLACES);
    return { word, count: places.length, nameCount, file, head };
  });
  const wordRanges = inRanges(wordEntries, sizes.rangeBytes, (entry) => entry.word, writeWordEntry);
  wordRanges.files.forEach((bytes, file) => pieces.set(piece.words(file), bytes));
  const firstRanks: number[] = [];
  wordRanges.counts.reduce((rank, count) => (firstRanks.push(rank), rank + count), 0);

  // Every word's ends after its first letter; a rare word's list goes with them.
  const suffixes: { suffix: string; rank: number }[] = [];
  sorted.forEach((word, rank) => {
    let at = 0;
    for (const character of word) {
      if (at > 0) suffixes.push({ suffix: word.slice(at), rank });
      at += character.length;
    }
  });
  suffixes.sort((a, b) => (a.suffix < b.suffix ? -1 : a.suffix > b.suffix ? 1 : a.rank - b.rank));
  const inlineLists = new Map<number, Uint8Array>();
  const suffixOf = (rank: number): Uint8Array | number => {
    const { places } = words.get(sorted[rank]!)!;
    if (places.length > sizes.suffixInline) return rank;
    let list = inlineLists.get(rank);
    if (!list) {
      const writer = new ByteWriter();
      writeKeyedList(writer, places, keysOf);
      inlineLists.set(rank, (list = writer.done()));
    }
    return list;
  };
  const suffixRanges = inRanges(
    suffixes,
    sizes.rangeBytes,
    (entry) => entry.suffix,
    (writer, previous, entry) => writeSuffixEntry(writer, previous, entry.suffix, suffixOf(entry.rank)),
  );
  suffixRanges.files.forEach((bytes, file) => pieces.set(piece.suffixes(file), bytes));

  // Base forms of the words with a letter (`search_word`), and the words that have each.
  const bases = new Map<string, number[]>();
  sorted.forEach((word, rank) => {
    if (!LETTER.test(word)) return;
    const base = baseForm(word);
    const same = bases.get(base);
    if (same) same.push(rank);
    else bases.set(base, [rank]);
  });
  const baseRanges = inRanges(
    [...bases.keys()].sort(),
    sizes.rangeBytes,
    (base) => base,
    (writer, previous, base) => writeBaseEntry(writer, previous, base, bases.get(base)!),
  );
  baseRanges.files.forEach((bytes, file) => pieces.set(piece.bases(file), bytes));

  // One list per character, every animal's keys, the records, the names that open each records file.
  const characterFiles: IndexManifest['characters'] = {};
  [...characters.keys()].sort().forEach((character, file) => {
    const places = characters.get(character)!;
    const writer = new ByteWriter();
    writeKeyedList(writer, places, keysOf);
    pieces.set(piece.characters(file), writer.done());
    characterFiles[character] = [file, places.length];
  });
  const all = new ByteWriter();
  writeKeyedList(
    all,
    rows.map((_, place) => place),
    keysOf,
  );
  pieces.set(piece.all, all.done());
  const recordFiles = Math.ceil(rows.length / sizes.recordsPerFile);
  const names: string[] = [];
  for (let file = 0; file < recordFiles; file++) {
    const inFile = rows.slice(file * sizes.recordsPerFile, (file + 1) * sizes.recordsPerFile);
    names.push(inFile[0]!.animal.name);
    pieces.set(
      piece.records(file),
      writeRecords(
        inFile.map((row) => row.animal),
        indexOfSlug,
      ),
    );
  }
  pieces.set(piece.names, writeStrings(names));
  // Each id followed by its place, in files by the id's hash: a favourites list reads a few small files.
  const idFiles = Math.max(1, Math.ceil(rows.length / sizes.idsPerFile));
  const ids: string[][] = Array.from({ length: idFiles }, () => []);
  rows.forEach(({ animal }, place) => ids[idFile(animal._id, idFiles)]!.push(`${place} ${animal._id}`));
  ids.forEach((entries, file) => pieces.set(piece.ids(file), writeStrings(entries)));
  pieces.set(piece.vocabulary, writeStrings(sorted.filter((word) => LETTER.test(word)).sort(compareCodePoints)));

  const manifest: IndexManifest = {
    format: FORMAT,
    version: versionOf(pieces),
    animals: rows.length,
    slugs,
    categories: categories.map(([slug, name]) => [slug, name]),
    words: { first: wordRanges.firsts, rank: firstRanks },
    suffixes: suffixRanges.firsts,
    bases: baseRanges.firsts,
    characters: characterFiles,
    records: { perFile: sizes.recordsPerFile, files: recordFiles },
    ids: { files: idFiles },
  };
  return { manifest, pieces };
}
