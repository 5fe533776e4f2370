/** robots.txt, built: the Node route's text; its Sitemap line only when PUBLIC_SITE_URL was set for the build. */
import type { APIRoute } from 'astro';
import { configuredOrigin } from '../../features/seo/site.server.ts';
import { robotsTxt } from '../../features/seo/sitemap.server.ts';
import { fileResponse } from '../seo-files.server.ts';

export const GET: APIRoute = () => fileResponse(robotsTxt(configuredOrigin()), 'text/plain; charset=utf-8');
