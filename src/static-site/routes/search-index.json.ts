/** The prebuilt search index of the list's `index` search: the categories and every animal, one row each (src/features/animal-list/index-catalogue.ts). */
import type { APIRoute } from 'astro';
import { toIndexRow, type IndexFile } from '../../features/animal-list/index-catalogue.ts';
import { builtCatalogue } from '../catalogue.server.ts';

export const GET: APIRoute = async () => {
  const { categories, animals } = await builtCatalogue();
  const file: IndexFile = {
    categories: categories.map((category) => [category.slug, category.name]),
    animals: animals.map(toIndexRow),
  };
  return new Response(JSON.stringify(file), { headers: { 'content-type': 'application/json' } });
};
