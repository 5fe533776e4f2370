/**
 * The owner's table of animals: what it may be filtered and sorted by, said once for the admin API
 * (which checks a request with these), the table's URL and the overview. Low stock is 1 to LOW_STOCK.
 */
export const LOW_STOCK = 3;

export const ADMIN_SORTS = ['name', 'price', 'stock', 'rating'] as const;
export type AdminSort = (typeof ADMIN_SORTS)[number];

export const ADMIN_ORDERS = ['asc', 'desc'] as const;
export type AdminOrder = (typeof ADMIN_ORDERS)[number];

/** shown or hidden only; none: both. */
export const ADMIN_STATES = ['shown', 'hidden'] as const;
export type AdminState = (typeof ADMIN_STATES)[number];

/** out: sold out (0); low: 1 to LOW_STOCK; none: any. */
export const ADMIN_STOCKS = ['out', 'low'] as const;
export type AdminStock = (typeof ADMIN_STOCKS)[number];

export interface AdminListFilters {
  /** The category's key as the index names it (the server: its id); undefined: any. */
  category?: string | undefined;
  state?: AdminState | undefined;
  stock?: AdminStock | undefined;
  sort?: AdminSort | undefined;
  order?: AdminOrder | undefined;
}

/** Does an animal's stock pass the stock filter? */
export function passesStock(countInStock: number, stock: AdminStock | undefined): boolean {
  if (stock === 'out') return countInStock === 0;
  if (stock === 'low') return countInStock >= 1 && countInStock <= LOW_STOCK;
  return true;
}
