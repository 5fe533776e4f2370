import { normalizeQuery } from '../../lib/catalogue-rules.ts';
import { PRODUCTS_PATH } from '../../lib/paths.ts';

/**
 * Where the header search goes (the spec): the animals list searching for the text,
 * `/products?query=<URL-encoded>`, or nowhere for empty text. The list's first page for that text
 * with the default sort, as src/lib/list-state.ts writes it (tests/unit/chrome.test.ts holds them
 * equal); built here without the list's state, so that every page's header stays small.
 */
export function productsSearchUrl(text: string): string | undefined {
  const query = normalizeQuery(text);
  return query ? `${PRODUCTS_PATH}?${new URLSearchParams({ query })}` : undefined;
}
