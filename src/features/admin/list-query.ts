/**
 * The admin table's list in its URL (/admin?search=…&category=…&state=…&stock=…&sort=…&order=…&page=…):
 * read leniently (an unknown value is the default), written without the defaults. The API takes the
 * same names (src/server/api/admin/admin-routes.ts).
 */
import {
  ADMIN_ORDERS,
  ADMIN_SORTS,
  ADMIN_STATES,
  ADMIN_STOCKS,
  type AdminOrder,
  type AdminSort,
  type AdminState,
  type AdminStock,
} from '../../lib/admin-list.ts';

export interface ListQuery {
  search: string;
  page: number;
  category?: string | undefined;
  state?: AdminState | undefined;
  stock?: AdminStock | undefined;
  sort: AdminSort;
  order: AdminOrder;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

export function listQueryOf(search: string): ListQuery {
  const params = new URLSearchParams(search);
  const page = Math.floor(Number(params.get('page')));
  return {
    search: (params.get('search') ?? '').trim(),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    category: params.get('category') || undefined,
    state: oneOf(ADMIN_STATES, params.get('state')),
    stock: oneOf(ADMIN_STOCKS, params.get('stock')),
    sort: oneOf(ADMIN_SORTS, params.get('sort')) ?? 'name',
    order: oneOf(ADMIN_ORDERS, params.get('order')) ?? 'asc',
  };
}

/** `?…` of the query (empty for the defaults); `api`: every value the API reads, defaults included. */
export function listSearchOf(query: ListQuery, { api = false } = {}): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.category) params.set('category', query.category);
  if (query.state) params.set('state', query.state);
  if (query.stock) params.set('stock', query.stock);
  if (api || query.sort !== 'name') params.set('sort', query.sort);
  if (api || query.order !== 'asc') params.set('order', query.order);
  if (api || query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
