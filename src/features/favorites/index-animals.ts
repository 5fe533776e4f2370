/**
 * The static host's animals for the favourites page: the rows of the prebuilt index (/search-index.json),
 * fetched once per page, read as animals without building the search's index from them.
 */
import { noResponseError } from '../../lib/api/errors.ts';
import type { Animal } from '../../lib/schemas.ts';
import { SEARCH_INDEX_URL, fromIndexRow, type IndexFile } from '../animal-list/index-rows.ts';

let animals: Promise<Map<string, Animal>> | undefined;

export function indexAnimals(): Promise<Map<string, Animal>> {
  animals ??= fetch(SEARCH_INDEX_URL, { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`${SEARCH_INDEX_URL}: ${response.status}`);
      const file = (await response.json()) as IndexFile;
      return new Map(file.animals.map((row) => [row[0], fromIndexRow(row)]));
    })
    .catch((error: unknown) => {
      animals = undefined;
      console.error(error);
      throw noResponseError();
    });
  return animals;
}
