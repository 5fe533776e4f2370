/** Pictures for animals and categories the seed does not have: drawn from the slug when saved, stored like an upload. */
import type { Kysely } from 'kysely';
import { drawAnimal, drawCategory } from '../art/index.ts';
import { seedCatalogue } from '../db/seed/seed-catalogue.ts';
import { animalPicture, categoryPicture } from '../db/seed/seed.ts';
import type { ShopTables } from '../db/tables.ts';
import { PICTURES_PATH, storePicture } from './store.ts';

const COMMITTED_ANIMALS = new Set(seedCatalogue.flatMap((category) => category.animals.map((animal) => animal.slug)));
const COMMITTED_CATEGORIES = new Set(seedCatalogue.map((category) => category.slug));

/** The generator's picture for a slug: the committed file, or a drawing stored now. */
export async function drawnPicture(db: Kysely<ShopTables>, kind: 'animal' | 'category', slug: string): Promise<string> {
  if (kind === 'animal' && COMMITTED_ANIMALS.has(slug)) return animalPicture(slug);
  if (kind === 'category' && COMMITTED_CATEGORIES.has(slug)) return categoryPicture(slug);
  const svg = kind === 'animal' ? drawAnimal(slug) : drawCategory(slug);
  return storePicture(db, new TextEncoder().encode(svg), 'svg');
}

/** Is this the generator's picture (committed or drawn), rather than the owner's upload? Those follow a renamed slug. */
export function isDrawnPicture(img: string): boolean {
  return img.startsWith('/art/') || (img.startsWith(`${PICTURES_PATH}/`) && img.endsWith('.svg'));
}
