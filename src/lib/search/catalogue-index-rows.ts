/** The rows the catalogue index (./catalogue-index.ts) is made of and gives: each animal's keys, as lists read them. */
import type { FilterKeys } from './search-filters.ts';

/** What lists read of one shown animal: its filter keys, id and name's sort key. */
export type ReadMatch = FilterKeys & { id: string; name_key: string };

/** An animal as the change feed reads it after a write: its columns and text, shown or hidden. */
export interface WrittenAnimal {
  id: string;
  name: string;
  description: string;
  price: number | string;
  category_id: string;
  rating: number | string;
  count_in_stock: number | string;
  hidden: boolean;
}

/** An animal as suggestions name it. */
export interface NamedAnimal {
  id: string;
  name: string;
}

/** The keys lists read of an animal's row. */
export const readMatchOf = (
  row: {
    id: string;
    name_key: string;
    price: number | string;
    rating: number | string;
    count_in_stock: number | string;
  },
  category: string,
): ReadMatch => ({
  id: row.id,
  name_key: row.name_key,
  price: Number(row.price),
  category,
  rating: Number(row.rating),
  countInStock: Number(row.count_in_stock),
});
