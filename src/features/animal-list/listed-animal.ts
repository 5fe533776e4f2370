/**
 * What the animals list draws of an animal: a card's fields, its description already cut as the card
 * shows it. The island's props carry only this for the animals the server rendered, so the page does
 * not send fields no card shows (the slug, the stock, the review count, the category) or the rest of
 * a long description. Answers fetched later hold whole animals, which fit this shape as they are.
 */
import { truncateDescription } from '../../lib/format.ts';
import type { Animal, AnimalSearchResult } from '../../lib/schemas.ts';

export type ListedAnimal = Pick<Animal, '_id' | 'name' | 'description' | 'img' | 'price' | 'rating'>;

/** An answer of the list as the island keeps it. */
export type ListResult = Omit<AnimalSearchResult, 'animals'> & { animals: ListedAnimal[] };

function listedAnimal({ _id, name, description, img, price, rating }: ListedAnimal): ListedAnimal {
  return { _id, name, description: truncateDescription(description), img, price, rating };
}

/** The server's answer as the island's props: only what its cards show. */
export function listResult(result: AnimalSearchResult): ListResult {
  return { ...result, animals: result.animals.map(listedAnimal) };
}
