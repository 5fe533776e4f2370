/** Cacheable text answers of the SEO routes (sitemaps, robots.txt): ETag, Cache-Control, 304. */
import { createHash } from 'node:crypto';
import { etagMatches } from '../../server/api/responses.ts';

/** An hour in caches, a day served stale while revalidating: the catalogue changes rarely. */
export const SEO_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

export function cachedText(
  request: Request,
  body: string | Uint8Array,
  contentType: string,
  cacheControl = SEO_CACHE_CONTROL,
): Response {
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  const headers = { ETag: etag, 'Cache-Control': cacheControl, 'Content-Type': contentType };
  if (etagMatches(request.headers.get('If-None-Match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : (body as BodyInit), { status: 200, headers });
}

export function notFoundText(): Response {
  return new Response('Not found\n', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
