/**
 * The search index in pieces, as the static build writes it and the browser reads it
 * (docs/decisions/0030-search-index-in-pieces.md): a small manifest, then files fetched only when a
 * search needs them, each holding what one of the catalogue index's lookups reads
 * (src/lib/search/catalogue-words.ts, catalogue-matching.ts):
 *
 * - `words/N` the catalogue's words in order, in ranges (exact words, a word's start), each with its
 *   animals (./keyed-lists.ts) or the number of its own list file `lists/N`;
 * - `suffixes/N` every word's ends after its first letter, in order (a literal's run inside a word);
 * - `bases/N` base forms and the words that have them (word forms);
 * - `characters/N` the animals whose text has one character (a one-letter search, literal symbols);
 * - `all` every animal's keys (the list without text), `records/N` the animals themselves in name
 *   order, `names` the first name of each records file (suggestions by a name's start), `vocabulary`
 *   the words with a letter (spelling corrections), `ids/N` each animal's place by its id (a favourites list),
 *   the ids spread over the files by a hash of the id.
 *
 * An animal is its place in name order; lists carry the keys lists filter, count and sort by.
 */

/** The manifest: what the browser reads first, to know which file holds what. */
export interface IndexManifest {
  format: typeof FORMAT;
  /** Names the folder of this build's pieces: a new catalogue is a new folder. */
  version: string;
  animals: number;
  /** Every category an animal has (AnimalKeys.category is an index here). */
  slugs: string[];
  /** The catalogue's categories in catalogue order, slug and name: facets and suggestions. */
  categories: [slug: string, name: string][];
  /** Each `words/N` file's first word and that word's rank among all words. */
  words: { first: string[]; rank: number[] };
  /** Each `suffixes/N` file's first entry. */
  suffixes: string[];
  /** Each `bases/N` file's first base form. */
  bases: string[];
  /** Each character some text has: its `characters/N` file and how many animals have it. */
  characters: Record<string, [file: number, count: number]>;
  /** Animals per `records/N` file, and how many such files. */
  records: { perFile: number; files: number };
  /** How many `ids/N` files. */
  ids: { files: number };
}

export const FORMAT = 1;

/** Where the build writes the manifest, and each piece of version `version`. */
export const MANIFEST_PATH = '/search/index.json';
export const piecePath = (version: string, piece: string): string => `/search/${version}/${piece}.bin`;

export const piece = {
  words: (file: number) => `words/${file}`,
  suffixes: (file: number) => `suffixes/${file}`,
  bases: (file: number) => `bases/${file}`,
  list: (file: number) => `lists/${file}`,
  characters: (file: number) => `characters/${file}`,
  records: (file: number) => `records/${file}`,
  ids: (file: number) => `ids/${file}`,
  all: 'all',
  names: 'names',
  vocabulary: 'vocabulary',
} as const;

/** The `ids/N` file that holds the id `id` of `files` (FNV-1a over its UTF-16 code units). */
export function idFile(id: string, files: number): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < id.length; at++) hash = Math.imul(hash ^ id.charCodeAt(at), 0x01000193);
  return (hash >>> 0) % files;
}

/** The last range whose first key is not after `key` (0 when `key` comes before them all). */
export function rangeOf(firsts: readonly string[], key: string): number {
  let low = 0;
  let high = firsts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (firsts[middle]! <= key) low = middle + 1;
    else high = middle;
  }
  return Math.max(0, low - 1);
}

/** The ranges that may hold a key starting with `start`: the one `start` falls in, and each after it that starts so. */
export function rangesStarting(firsts: readonly string[], start: string): number[] {
  const ranges = [rangeOf(firsts, start)];
  for (let next = ranges[0]! + 1; next < firsts.length && firsts[next]!.startsWith(start); next++) ranges.push(next);
  return ranges;
}
