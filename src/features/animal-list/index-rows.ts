/**
 * The prebuilt index file's rows (/search-index.json, written at build time by
 * src/static-site/routes/search-index.json.ts): one row per animal, its fields in a fixed order (no repeated
 * names), and the categories. Read by the list's browser search (./index-catalogue.ts) and by the favourites
 * on a static host (src/features/favorites/favourite-animals.ts).
 */
import type { Animal } from '../../lib/schemas.ts';

/** Where a static host serves the file. */
export const SEARCH_INDEX_URL = '/search-index.json';

/** One animal in the index file: its fields in a fixed order (no repeated names). */
type IndexRow = [
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

/** A category in the index file: slug and name, in catalogue order. */
export type IndexCategory = [slug: string, name: string];

/** The index file: the categories (for the filters' counts) and every animal. */
export interface IndexFile {
  categories: IndexCategory[];
  animals: IndexRow[];
}

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
