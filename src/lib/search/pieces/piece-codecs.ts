/**
 * Each kind of index piece (./layout.ts) as bytes and back: the word, suffix and base-form files, the
 * records and the sorted lists of strings. The lists of animals inside them: ./keyed-lists.ts.
 */
import type { Animal } from '../../schemas.ts';
import { ByteReader, ByteWriter, readScaled, writeScaled } from './bytes.ts';
import { readKeyedList, type AnimalKeys, type Postings } from './keyed-lists.ts';

/** Told each animal's keys as a list is read. */
export type KeepKeys = (place: number, keys: AnimalKeys) => void;

/** A word of a `words/N` file: its animals (in the file, or in `lists/{file}` with its first names' places). */
export interface WordEntry {
  word: string;
  rank: number;
  count: number;
  nameCount: number;
  postings: Postings | undefined;
  file: number | undefined;
  /** The first places (at most HEAD_PLACES) that have the word in their name, for a list kept in its own file. */
  head: readonly number[];
}

/** How many first name places a word kept in its own file carries (suggestions need at most twice their limit). */
export const HEAD_PLACES = 16;

/** A word's entry: its list inline (`list`: the keyed list's bytes) or the number of its own file. */
export function writeWordEntry(
  writer: ByteWriter,
  previous: string,
  entry: { word: string; count: number; nameCount: number } & ({ list: Uint8Array } | { file: number; head: number[] }),
): void {
  writer.frontCoded(entry.word, previous);
  writer.varint(entry.count);
  writer.varint(entry.nameCount);
  if ('list' in entry) {
    writer.varint(0);
    writer.bytes(entry.list);
    return;
  }
  writer.varint(entry.file + 1);
  writer.varint(entry.head.length);
  let before = 0;
  for (const place of entry.head) {
    writer.varint(place - before);
    before = place;
  }
}

export function readWordEntries(bytes: Uint8Array, firstRank: number, keep: KeepKeys): WordEntry[] {
  const reader = new ByteReader(bytes);
  const entries: WordEntry[] = [];
  let word = '';
  while (!reader.ended) {
    word = reader.frontCoded(word);
    const count = reader.varint();
    const nameCount = reader.varint();
    const tag = reader.varint();
    const rank = firstRank + entries.length;
    if (tag === 0) {
      entries.push({ word, rank, count, nameCount, postings: readKeyedList(reader, keep), file: undefined, head: [] });
      continue;
    }
    const head: number[] = [];
    let place = 0;
    for (let left = reader.varint(); left > 0; left--) head.push((place += reader.varint()));
    entries.push({ word, rank, count, nameCount, postings: undefined, file: tag - 1, head });
  }
  return entries;
}

/** A word's end after its first letter: the word's animals inline, or the word's rank. */
export interface SuffixEntry {
  suffix: string;
  postings: Postings | undefined;
  rank: number | undefined;
}

export function writeSuffixEntry(writer: ByteWriter, previous: string, suffix: string, of: Uint8Array | number): void {
  writer.frontCoded(suffix, previous);
  if (typeof of === 'number') writer.varint(of + 1);
  else {
    writer.varint(0);
    writer.bytes(of);
  }
}

export function readSuffixEntries(bytes: Uint8Array, keep: KeepKeys): SuffixEntry[] {
  const reader = new ByteReader(bytes);
  const entries: SuffixEntry[] = [];
  let suffix = '';
  while (!reader.ended) {
    suffix = reader.frontCoded(suffix);
    const tag = reader.varint();
    entries.push(
      tag === 0
        ? { suffix, postings: readKeyedList(reader, keep), rank: undefined }
        : { suffix, postings: undefined, rank: tag - 1 },
    );
  }
  return entries;
}

/** A base form and the ranks of the words that have it. */
export interface BaseEntry {
  base: string;
  ranks: number[];
}

export function writeBaseEntry(writer: ByteWriter, previous: string, base: string, ranks: readonly number[]): void {
  writer.frontCoded(base, previous);
  writer.varint(ranks.length);
  let before = 0;
  for (const rank of ranks) {
    writer.varint(rank - before);
    before = rank;
  }
}

export function readBaseEntries(bytes: Uint8Array): BaseEntry[] {
  const reader = new ByteReader(bytes);
  const entries: BaseEntry[] = [];
  let base = '';
  while (!reader.ended) {
    base = reader.frontCoded(base);
    const ranks: number[] = [];
    let rank = 0;
    for (let left = reader.varint(); left > 0; left--) ranks.push((rank += reader.varint()));
    entries.push({ base, ranks });
  }
  return entries;
}

/** Animals whole, as the API answers them; `category` as its index in `slugs`. */
export function writeRecords(animals: readonly Animal[], slugIndex: (slug: string) => number): Uint8Array {
  const writer = new ByteWriter();
  for (const animal of animals) {
    writer.text(animal._id);
    writer.text(animal.slug);
    writer.text(animal.name);
    writer.text(animal.description);
    writer.text(animal.img);
    writeScaled(writer, animal.price, 100);
    writer.varint(animal.countInStock);
    writeScaled(writer, animal.rating, 10);
    writer.varint(animal.numReviews);
    writer.varint(slugIndex(animal.category));
  }
  return writer.done();
}

export function readRecords(bytes: Uint8Array, slugs: readonly string[]): Animal[] {
  const reader = new ByteReader(bytes);
  const animals: Animal[] = [];
  while (!reader.ended) {
    const [_id, slug, name, description, img] = [
      reader.text(),
      reader.text(),
      reader.text(),
      reader.text(),
      reader.text(),
    ];
    const price = readScaled(reader, 100);
    const countInStock = reader.varint();
    const rating = readScaled(reader, 10);
    const numReviews = reader.varint();
    const category = slugs[reader.varint()]!;
    animals.push({ _id, slug, name, description, img, price, countInStock, rating, numReviews, category });
  }
  return animals;
}

/** A list of strings, each front-coded against the one before. */
export function writeStrings(strings: readonly string[]): Uint8Array {
  const writer = new ByteWriter();
  let previous = '';
  for (const string of strings) {
    writer.frontCoded(string, previous);
    previous = string;
  }
  return writer.done();
}

export function readStrings(bytes: Uint8Array): string[] {
  const reader = new ByteReader(bytes);
  const strings: string[] = [];
  let previous = '';
  while (!reader.ended) strings.push((previous = reader.frontCoded(previous)));
  return strings;
}
