/** The prebuilt search index of the list's `index` search: every animal, one row each (src/features/animal-list/index-catalogue.ts). */
import type { APIRoute } from 'astro';
import { toIndexRow } from '../../features/animal-list/index-catalogue.ts';
import { builtCatalogue } from '../catalogue.server.ts';

export const GET: APIRoute = async () =>
  new Response(JSON.stringify((await builtCatalogue()).animals.map(toIndexRow)), {
    headers: { 'content-type': 'application/json' },
  });
