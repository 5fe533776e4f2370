/** Where the header search goes: /products?query=<text, URL-encoded>, or nowhere for empty text. */
export function productsSearchUrl(text: string): string | undefined {
  const query = text.trim();
  return query ? `/products?query=${encodeURIComponent(query)}` : undefined;
}
