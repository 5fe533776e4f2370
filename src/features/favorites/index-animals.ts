/**
 * The static host's animals for the favourites page: found by id in the list's search index in pieces
 * (../animal-list/index-source.ts), which fetches only the small files that hold those ids and their records.
 */
import { noResponseError } from '../../lib/api/errors.ts';
import type { Animal } from '../../lib/schemas.ts';
import { loadIndex } from '../animal-list/index-source.ts';

export async function indexAnimals(ids: readonly string[]): Promise<Animal[]> {
  const catalogue = await loadIndex();
  return catalogue.animals(ids).catch((error: unknown) => {
    console.error(error);
    throw noResponseError();
  });
}
