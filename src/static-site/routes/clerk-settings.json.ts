/**
 * Clerk's browser settings for the static build's header (src/features/auth/browser-settings.ts asks
 * here when the session cookie says the shopper is signed in): fixed at build time, nothing secret.
 */
import type { APIRoute } from 'astro';
import { staticClerkSettings } from '../static-settings.server.ts';

export const GET: APIRoute = () => {
  const settings = staticClerkSettings();
  return Response.json(settings.configured ? { configured: true, ...settings.browser } : { configured: false });
};
