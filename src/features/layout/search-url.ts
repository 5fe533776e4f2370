import { DEFAULT_SORT, normalizeQuery, searchHref } from '../../lib/list-state.ts';

/** Where the header search goes: the animals list searching for the text (`/products?query=…`), or nowhere for empty text. */
export function productsSearchUrl(text: string): string | undefined {
  const query = normalizeQuery(text);
  return query ? searchHref({ query, sort: DEFAULT_SORT }) : undefined;
}
