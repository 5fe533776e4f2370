/**
 * The search filters and facets, defined once (./catalogue-search.ts applies them over the catalogue
 * index, for the server and the static build's browser search alike):
 * - price from/to (shekels, both ends included), in stock (more than 0), a minimum rating, a category;
 * - the facets of a search leave out their own filter: each category's count passes every filter but
 *   the category, the price range every filter but the price (null when nothing does);
 * - the total passes every filter.
 */
import type { SearchFacets } from '../schemas.ts';

/** What the filters read of one matching animal. */
export interface FilterKeys {
  price: number;
  countInStock: number;
  rating: number;
  /** The animal's category, as the filter names it (the server: its id; the static build: its slug). */
  category: string;
}

export interface SearchFilters {
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  inStock?: boolean | undefined;
  minRating?: number | undefined;
  /** null: a category the catalogue does not have, so nothing passes. */
  category?: string | null | undefined;
}

/** Does an animal pass the filters (leaving out one: a facet counts without its own filter)? */
export function passesFilters(row: FilterKeys, filters: SearchFilters, without?: 'category' | 'price'): boolean {
  if (without !== 'price' && filters.minPrice !== undefined && row.price < filters.minPrice) return false;
  if (without !== 'price' && filters.maxPrice !== undefined && row.price > filters.maxPrice) return false;
  if (filters.inStock && !(row.countInStock > 0)) return false;
  if (filters.minRating !== undefined && row.rating < filters.minRating) return false;
  if (without !== 'category' && filters.category !== undefined && row.category !== filters.category) return false;
  return true;
}

/** A category of the catalogue, in catalogue order: its key (as FilterKeys.category), slug and name. */
export interface FacetCategory {
  key: string;
  slug: string;
  name: string;
}

/** The facets and the total of a search's matches (all of them, before any filter). */
export function facetsOf(
  matches: readonly FilterKeys[],
  filters: SearchFilters,
  categories: readonly FacetCategory[],
): { facets: SearchFacets; total: number } {
  const counts = new Map<string, number>();
  let total = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const row of matches) {
    if (passesFilters(row, filters, 'category')) {
      counts.set(row.category, (counts.get(row.category) ?? 0) + 1);
      if (passesFilters(row, filters)) total++;
    }
    if (passesFilters(row, filters, 'price')) {
      if (row.price < min) min = row.price;
      if (row.price > max) max = row.price;
    }
  }
  return {
    facets: {
      categories: categories.map(({ key, slug, name }) => ({ slug, name, count: counts.get(key) ?? 0 })),
      price: min === Infinity ? null : { min, max },
    },
    total,
  };
}
