/**
 * The list's `index` search (./list-strategy.ts) in the browser: the prebuilt index
 * (/search-index.json) is fetched on the first search, then every search runs here with the
 * API's rules (./index-catalogue.ts). Loaded only by a page that searches this way (./search-sources.ts).
 */
import type { AnimalSearch, RequestOptions } from '../../lib/api/client.ts';
import { noResponseError } from '../../lib/api/errors.ts';
import type { AnimalSearchResult } from '../../lib/schemas.ts';
import { IndexCatalogue, type IndexFile } from './index-catalogue.ts';
import { SEARCH_INDEX_URL } from './index-rows.ts';

let index: Promise<IndexCatalogue> | undefined;

/** The index, fetched once (again after a failure). */
export function loadIndex(): Promise<IndexCatalogue> {
  index ??= fetch(SEARCH_INDEX_URL, { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`${SEARCH_INDEX_URL}: ${response.status}`);
      return IndexCatalogue.fromFile((await response.json()) as IndexFile);
    })
    .catch((error: unknown) => {
      index = undefined;
      console.error(error);
      throw noResponseError();
    });
  return index;
}

export async function searchIndex(query: AnimalSearch, options?: RequestOptions): Promise<AnimalSearchResult> {
  const catalogue = await loadIndex();
  options?.signal?.throwIfAborted();
  return catalogue.search(query);
}
