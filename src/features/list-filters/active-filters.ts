/** The list's filters that are on, each with the text its chip shows (./FilterChips.tsx), in the form's order. */
import { formatPrice } from '../../lib/format.ts';
import type { ListFilters } from '../../lib/list-state.ts';
import { filterStrings as f } from './strings.ts';

export type FilterName = keyof ListFilters;

/** The form's order of the filters. */
const ORDER: readonly FilterName[] = ['minPrice', 'maxPrice', 'minRating', 'category', 'inStock'];

export function activeFilters(
  filters: ListFilters,
  categories: readonly { slug: string; name: string }[],
): { name: FilterName; text: string }[] {
  const text = (name: FilterName): string | undefined => {
    switch (name) {
      case 'minPrice':
        return filters.minPrice === undefined ? undefined : f.minPriceChip(formatPrice(filters.minPrice));
      case 'maxPrice':
        return filters.maxPrice === undefined ? undefined : f.maxPriceChip(formatPrice(filters.maxPrice));
      case 'minRating':
        return filters.minRating === undefined ? undefined : f.ratingAtLeast(filters.minRating);
      case 'category':
        return filters.category === undefined
          ? undefined
          : (categories.find((category) => category.slug === filters.category)?.name ?? filters.category);
      case 'inStock':
        return filters.inStock ? f.inStock : undefined;
    }
  };
  return ORDER.flatMap((name) => {
    const shown = text(name);
    return shown === undefined ? [] : [{ name, text: shown }];
  });
}

/** The filters without `name`. */
export function without(filters: ListFilters, name: FilterName): ListFilters {
  const { [name]: _removed, ...rest } = filters;
  return rest;
}
