/** The static build's search index: every animal, one row each (src/lib/static-search.ts), read at build time. */
import type { APIRoute } from 'astro';
import { toIndexRow } from '../../lib/static-search.ts';
import { getShop } from '../../server/shop.ts';

export const GET: APIRoute = async () => {
  const { animals } = await (await getShop()).catalogue.searchAnimals({ search: '', sort: 'name' });
  return new Response(JSON.stringify(animals.map(toIndexRow)), { headers: { 'content-type': 'application/json' } });
};
