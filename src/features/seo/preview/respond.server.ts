/**
 * A preview picture as an HTTP answer: rendered on request (docs/decisions/0008-seo.md), cached by browsers, link-preview crawlers and CDNs for a day; its ETag is
 * a hash of the SVG it is drawn from, so a 304 costs no rendering and a new price gives a new picture.
 */
import etag from 'etag';
import { etagMatches } from '../../../server/api/responses.ts';
import { previewSvg, rasterize, type PreviewContent } from './render.server.ts';

const PREVIEW_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

export async function previewResponse(request: Request, content: PreviewContent): Promise<Response> {
  const svg = previewSvg(content);
  // Strong, from the SVG the picture is drawn from, by the etag package as every other answer's.
  const tag = etag(svg);
  const headers = { ETag: tag, 'Cache-Control': PREVIEW_CACHE_CONTROL, 'Content-Type': 'image/png' };
  if (etagMatches(request.headers.get('If-None-Match'), tag)) return new Response(null, { status: 304, headers });
  const png = await rasterize(svg);
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(png), { status: 200, headers });
}
