/**
 * The animals search of a static build, in the browser: the catalogue's animals (one prebuilt
 * index file, see src/static-site/pages/search-index.json.ts) searched with the rules of
 * ./search-rules.ts — the same folding, literal matching, sort keys, totals and paging as the
 * API, from the same functions.
 */
import type { AnimalSort } from './catalogue-rules.ts';
import { searchText, sortKey } from './hebrew.ts';
import type { Animal, AnimalSearchResult } from './schemas.ts';
import { compareBySort, matchesNeedle, pageOffset, searchNeedle, type SearchKeys } from './search-rules.ts';

/** One animal in the index file: its fields in a fixed order (no repeated names). */
export type IndexRow = [
  id: string,
  slug: string,
  name: string,
  description: string,
  img: string,
  price: number,
  countInStock: number,
  rating: number,
  numReviews: number,
  category: string,
];

export function toIndexRow(animal: Animal): IndexRow {
  return [
    animal._id,
    animal.slug,
    animal.name,
    animal.description,
    animal.img,
    animal.price,
    animal.countInStock,
    animal.rating,
    animal.numReviews,
    animal.category,
  ];
}

export function fromIndexRow([
  _id,
  slug,
  name,
  description,
  img,
  price,
  countInStock,
  rating,
  numReviews,
  category,
]: IndexRow): Animal {
  return { _id, slug, name, description, img, price, countInStock, rating, numReviews, category };
}

interface Entry extends SearchKeys {
  animal: Animal;
}

export interface StaticSearchQuery {
  search: string;
  sort: AnimalSort;
  limit?: number | undefined;
  page?: number | undefined;
}

export class StaticCatalogue {
  readonly #entries: Entry[];
  readonly #sorted = new Map<AnimalSort, Entry[]>();

  constructor(animals: readonly Animal[]) {
    // The same keys the database stores for each animal (src/server/db/seed.ts).
    this.#entries = animals.map((animal) => ({
      animal,
      id: animal._id,
      price: animal.price,
      name_key: sortKey(animal.name),
      search_text: searchText(animal.name, animal.description),
    }));
  }

  static fromRows(rows: readonly IndexRow[]): StaticCatalogue {
    return new StaticCatalogue(rows.map(fromIndexRow));
  }

  #inOrder(sort: AnimalSort): Entry[] {
    let sorted = this.#sorted.get(sort);
    if (!sorted) {
      sorted = [...this.#entries].sort(compareBySort(sort));
      this.#sorted.set(sort, sorted);
    }
    return sorted;
  }

  search(query: StaticSearchQuery): AnimalSearchResult {
    const needle = searchNeedle(query.search);
    const matches = needle
      ? this.#inOrder(query.sort).filter((entry) => matchesNeedle(entry, needle))
      : this.#inOrder(query.sort);
    const offset = pageOffset(query);
    const page = query.limit === undefined ? matches.slice(offset) : matches.slice(offset, offset + query.limit);
    return { animals: page.map((entry) => entry.animal), total: matches.length };
  }
}
