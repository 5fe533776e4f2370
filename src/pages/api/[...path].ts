import type { APIRoute } from 'astro';
import { getShop } from '../../server/shop.ts';

/** The catalogue API (docs/api.md): every /api request goes to src/server/api/router.ts. */
export const ALL: APIRoute = async ({ request }) => (await getShop()).api(request);
