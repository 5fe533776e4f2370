import type { APIRoute } from 'astro';
import { shopPreview } from '../../features/seo/preview/content.server.ts';
import { previewResponse } from '../../features/seo/preview/respond.server.ts';

/** The shop's own link preview (PNG). */
export const GET: APIRoute = ({ request }) => previewResponse(request, shopPreview());
