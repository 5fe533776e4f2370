import type { APIRoute } from 'astro';
import { pictureResponse } from '../../server/pictures/respond.ts';

/** The owner's stored pictures (uploads, drawings of new animals), by content hash. */
export const GET: APIRoute = ({ params }) => pictureResponse(params.name ?? '');
