import type { APIRoute } from 'astro';
import { getShop } from '../../server/shop.ts';

/** The catalogue API (§7): every /api request goes to src/server/api/router.ts. */
export const ALL: APIRoute = async ({ request }) => (await getShop()).api(request);
