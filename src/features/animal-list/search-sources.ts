/**
 * Where the animals list's searches go, by the list's strategy (./list-strategy.ts): the catalogue
 * API, or the prebuilt index searched in the browser. The index's code is its own chunk, loaded on
 * the first search of a page that uses it, so a page that searches the API never loads it.
 */
import { searchAnimals, type AnimalSearch, type RequestOptions } from '../../lib/api/client.ts';
import type { AnimalSearchResult } from '../../lib/schemas.ts';
import type { SearchSource } from './list-strategy.ts';

type SearchFunction = (query: AnimalSearch, options?: RequestOptions) => Promise<AnimalSearchResult>;

export function searchFunction(source: SearchSource): SearchFunction {
  if (source === 'api') return searchAnimals;
  return async (query, options) => (await import('./index-source.ts')).searchIndex(query, options);
}
