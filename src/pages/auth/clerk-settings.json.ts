import type { APIRoute } from 'astro';
import { clerkSettings } from '../../features/auth/clerk-settings.server.ts';

/**
 * Clerk's browser settings for prerendered pages (built without the keys, which are read at run
 * time): their header asks here only when the session cookie says the shopper is signed in.
 */
export const GET: APIRoute = () => {
  const settings = clerkSettings();
  const body = settings.configured ? { configured: true, ...settings.browser } : { configured: false };
  return Response.json(body, { headers: { 'cache-control': 'no-store' } });
};
