/**
 * The animals list's searches in a static build (swapped in for src/features/animal-list/search-source.ts
 * by astro.static.config.mjs): the prebuilt index (/search-index.json) is fetched on the first search,
 * then every search runs in the browser with the API's rules (src/lib/static-search.ts).
 */
import type { AnimalSearch, RequestOptions } from '../lib/api/client.ts';
import { noResponseError } from '../lib/api/errors.ts';
import type { AnimalSearchResult } from '../lib/schemas.ts';
import { StaticCatalogue, type IndexRow } from '../lib/static-search.ts';

export const SEARCH_INDEX_URL = '/search-index.json';

let index: Promise<StaticCatalogue> | undefined;

function loadIndex(): Promise<StaticCatalogue> {
  index ??= fetch(SEARCH_INDEX_URL, { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`${SEARCH_INDEX_URL}: ${response.status}`);
      return StaticCatalogue.fromRows((await response.json()) as IndexRow[]);
    })
    .catch((error: unknown) => {
      index = undefined;
      console.error(error);
      throw noResponseError();
    });
  return index;
}

export async function searchAnimals(query: AnimalSearch, options?: RequestOptions): Promise<AnimalSearchResult> {
  const catalogue = await loadIndex();
  options?.signal?.throwIfAborted();
  return catalogue.search(query);
}
