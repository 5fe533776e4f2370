import type { APIRoute } from 'astro';
import { cachedText } from '../features/seo/responses.ts';
import { siteOrigin } from '../features/seo/site.ts';
import { robotsTxt } from '../features/seo/sitemap.ts';

export const GET: APIRoute = ({ request, url }) =>
  cachedText(request, robotsTxt(siteOrigin(url)), 'text/plain; charset=utf-8');
