/**
 * Where the favourites page reads its animals, fresh each time, by the deployment's list strategy
 * (../animal-list/list-strategy.ts): the catalogue API (GET /api/animals?ids=…), or on a static host without
 * one the list's search index in pieces (/search/), read by id. Either way an animal the shop no longer shows is
 * simply not found. The index's reader is its own chunk, loaded only where it is used.
 */
import { getAnimals } from '../../lib/api/client.ts';
import type { Animal } from '../../lib/schemas.ts';
import type { SearchSource } from '../animal-list/list-strategy.ts';

/** The animals found among `ids`, by id. */
type AnimalsOf = (ids: readonly string[]) => Promise<Map<string, Animal>>;

const byId = (animals: readonly Animal[]) => new Map(animals.map((animal) => [animal._id, animal]));

export function animalsSource(source: SearchSource): AnimalsOf {
  if (source === 'api') return async (ids) => byId(await getAnimals(ids));
  return async (ids) => {
    const { animalsInIndex } = await import('../animal-list/index-source.ts');
    return byId(await animalsInIndex(ids));
  };
}
