import type { APIRoute } from 'astro';
import { cachedText } from '../features/seo/responses.server.ts';
import { siteOrigin } from '../features/seo/site.server.ts';
import { robotsTxt } from '../features/seo/sitemap.server.ts';

export const GET: APIRoute = ({ request, url }) =>
  cachedText(request, robotsTxt(siteOrigin(url)), 'text/plain; charset=utf-8');
