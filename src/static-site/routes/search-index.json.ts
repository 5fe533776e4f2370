/** The search index's manifest (src/lib/search/pieces/layout.ts): what the browser reads first, to know which piece holds what. */
import type { APIRoute } from 'astro';
import { searchPieces } from '../search-pieces.server.ts';

export const GET: APIRoute = async () =>
  new Response(JSON.stringify((await searchPieces()).manifest), { headers: { 'content-type': 'application/json' } });
