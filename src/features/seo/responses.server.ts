/** Cacheable text answers of the SEO routes (sitemaps, robots.txt): ETag, Cache-Control, 304. */
import etag from 'etag';
import { etagMatches } from '../../server/api/responses.ts';

/** An hour in caches, a day served stale while revalidating: the catalogue changes rarely. */
const SEO_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

export function cachedText(
  request: Request,
  body: string | Uint8Array,
  contentType: string,
  cacheControl = SEO_CACHE_CONTROL,
): Response {
  // The same validator as every other answer the server sends (the etag package).
  const tag = etag(typeof body === 'string' ? body : Buffer.from(body), { weak: true });
  const headers = { ETag: tag, 'Cache-Control': cacheControl, 'Content-Type': contentType };
  if (etagMatches(request.headers.get('If-None-Match'), tag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : (body as BodyInit), { status: 200, headers });
}

export function notFoundText(): Response {
  return new Response('Not found\n', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
