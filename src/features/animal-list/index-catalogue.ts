/**
 * The animals search over the prebuilt index (the list's `index` search, ./list-strategy.ts): the
 * catalogue's animals, one row each (written at build time by src/static-site/routes/search-index.json.ts,
 * fetched by ./index-source.ts), searched in the browser with the rules of src/lib/search-rules.ts —
 * the same folding, literal matching, sort keys, totals and paging as the API, from the same functions.
 */
import type { AnimalSort } from '../../lib/catalogue-rules.ts';
import { searchText, sortKey } from '../../lib/hebrew.ts';
import type { Animal, AnimalSearchResult } from '../../lib/schemas.ts';
import { compareBySort, matchesNeedle, pageOffset, searchNeedle, type SearchKeys } from '../../lib/search-rules.ts';

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

export interface IndexQuery {
  search: string;
  sort: AnimalSort;
  limit?: number | undefined;
  page?: number | undefined;
}

export class IndexCatalogue {
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

  static fromRows(rows: readonly IndexRow[]): IndexCatalogue {
    return new IndexCatalogue(rows.map(fromIndexRow));
  }

  #inOrder(sort: AnimalSort): Entry[] {
    let sorted = this.#sorted.get(sort);
    if (!sorted) {
      sorted = [...this.#entries].sort(compareBySort(sort));
      this.#sorted.set(sort, sorted);
    }
    return sorted;
  }

  search(query: IndexQuery): AnimalSearchResult {
    const needle = searchNeedle(query.search);
    const matches = needle
      ? this.#inOrder(query.sort).filter((entry) => matchesNeedle(entry, needle))
      : this.#inOrder(query.sort);
    const offset = pageOffset(query);
    const page = query.limit === undefined ? matches.slice(offset) : matches.slice(offset, offset + query.limit);
    return { animals: page.map((entry) => entry.animal), total: matches.length };
  }
}
