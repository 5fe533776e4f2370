/** The API's answers: JSON, its errors, catalogue answers ready to keep, CORS preflights. Web-standard Request/Response only. */
import { corsHeadersFor } from '../http/cors.ts';
import { FRESH_CACHE_CONTROL, FRESH_CDN_CACHE_CONTROL } from '../http/cache-control.ts';
import { prepareResponse, type PreparedResponse } from '../http/prepared-response.ts';
import { errorBody } from '../../lib/api/errors.ts';

export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(errorBody(message), {
    status,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', ...headers },
  });
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': JSON_TYPE, ...headers } });
}

/** A catalogue answer ready to send and to keep: its ETag and the pages' freshness rule. */
export function prepareCatalogueAnswer(body: unknown, extraHeaders: Record<string, string> = {}): PreparedResponse {
  return prepareResponse(
    200,
    {
      'content-type': JSON_TYPE,
      'cache-control': FRESH_CACHE_CONTROL,
      'cdn-cache-control': FRESH_CDN_CACHE_CONTROL,
      ...extraHeaders,
    },
    Buffer.from(JSON.stringify(body)),
  );
}

/** A CORS preflight of a path that takes the methods `allow` (./routes.ts's allowOf: what its 405 names too). */
export function preflightResponse(request: Request, allowedOrigins: readonly string[], allow: string): Response {
  const headers: Record<string, string> = { Allow: allow, Vary: 'Origin' };
  if (corsHeadersFor(request.headers.get('Origin'), allowedOrigins)['Access-Control-Allow-Origin']) {
    Object.assign(headers, {
      'Access-Control-Allow-Methods': allow,
      'Access-Control-Allow-Headers': request.headers.get('Access-Control-Request-Headers') ?? 'Content-Type',
      'Access-Control-Max-Age': '600',
    });
  }
  return new Response(null, { status: 204, headers });
}

/** Reads a JSON body; the guard held its size to MAX_BODY_BYTES. */
export async function readJson(
  request: Request,
  maxBytes: number,
  messages: { badJson: string; notJson: string; bodyTooLarge: string },
): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, messages.notJson);
  const buffer = await request.arrayBuffer();
  if (buffer.byteLength > maxBytes) throw new HttpError(413, messages.bodyTooLarge);
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(buffer));
  } catch {
    throw new HttpError(400, messages.badJson);
  }
}

/** For the SEO routes' own 304s (src/features/seo), under `astro dev`. */
export { etagMatches } from '../http/prepared-response.ts';
