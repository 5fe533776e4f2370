/**
 * A list of animals in the index pieces (./layout.ts): their places (name order, ascending) with the
 * keys lists filter, count and sort by — category, price, rating, in stock — so that a search's
 * matches, facets, total and page come from the lists it fetched, and optionally, per animal, whether
 * the word is in its name (suggestions). Written column by column (places as gaps, then each key),
 * which compresses far better than animal by animal.
 */
import { ByteReader, ByteWriter, readScaled, writeScaled } from './bytes.ts';

/** What lists read of one animal: its category (an index into the manifest's slugs), price, rating, stock. */
export interface AnimalKeys {
  category: number;
  price: number;
  rating: number;
  inStock: boolean;
}

/** A decoded list: its places, and (for a word's list) which of them have the word in their name. */
export interface Postings {
  places: Int32Array;
  inName: Uint8Array | undefined;
}

const NAME_BITS = 1;
/** Prices are agorot, ratings tenths, when they are exactly that (./bytes.ts writeScaled). */
const PRICE_SCALE = 100;
const RATING_SCALE = 10;

const bitsOf = (flags: readonly boolean[]) => {
  const bits = new Uint8Array(Math.ceil(flags.length / 8));
  flags.forEach((flag, at) => flag && (bits[at >> 3]! |= 1 << (at & 7)));
  return bits;
};

const hasBit = (bits: Uint8Array, at: number): boolean => (bits[at >> 3]! & (1 << (at & 7))) !== 0;

export function writeKeyedList(
  writer: ByteWriter,
  places: readonly number[],
  keysOf: (place: number) => AnimalKeys,
  inName?: readonly boolean[],
): void {
  writer.varint(places.length);
  writer.varint(inName ? NAME_BITS : 0);
  let previous = 0;
  for (const place of places) {
    writer.varint(place - previous);
    previous = place;
  }
  const keys = places.map(keysOf);
  for (const { category } of keys) writer.varint(category);
  writer.bytes(bitsOf(keys.map((key) => key.inStock)));
  for (const { rating } of keys) writeScaled(writer, rating, RATING_SCALE);
  for (const { price } of keys) writeScaled(writer, price, PRICE_SCALE);
  if (inName) writer.bytes(bitsOf(inName));
}

/** Reads a list; `keep` is told each animal's keys (the reader keeps them once per animal). */
export function readKeyedList(reader: ByteReader, keep: (place: number, keys: AnimalKeys) => void): Postings {
  const length = reader.varint();
  const flags = reader.varint();
  const places = new Int32Array(length);
  let place = 0;
  for (let at = 0; at < length; at++) places[at] = place += reader.varint();
  const categories = new Int32Array(length);
  for (let at = 0; at < length; at++) categories[at] = reader.varint();
  const stock = reader.bytes(Math.ceil(length / 8));
  const ratings = new Float64Array(length);
  for (let at = 0; at < length; at++) ratings[at] = readScaled(reader, RATING_SCALE);
  for (let at = 0; at < length; at++) {
    const price = readScaled(reader, PRICE_SCALE);
    keep(places[at]!, { category: categories[at]!, price, rating: ratings[at]!, inStock: hasBit(stock, at) });
  }
  const inName = flags & NAME_BITS ? reader.bytes(Math.ceil(length / 8)).slice() : undefined;
  return { places, inName };
}

/** The places of `postings` that have the word in their name. */
export function namePlaces(postings: Postings): number[] {
  const { places, inName } = postings;
  const named: number[] = [];
  if (!inName) return named;
  for (let at = 0; at < places.length; at++) if (hasBit(inName, at)) named.push(places[at]!);
  return named;
}
