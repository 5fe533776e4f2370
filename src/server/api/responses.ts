/** HTTP details of the API: JSON answers, errors, ETags and CORS. Web-standard Request/Response only. */
import { createHash } from 'node:crypto';

/** Catalogue answers may be reused for a minute and served stale while revalidating. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

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
  return new Response(JSON.stringify({ message }), {
    status,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', ...headers },
  });
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': JSON_TYPE, ...headers } });
}

function etagOf(text: string): string {
  return `W/"${createHash('sha1').update(text).digest('base64url')}"`;
}

/** Does If-None-Match name this ETag? (weak comparison, lists and '*' included) */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** A catalogue answer ready to send (and to keep: src/server/api/answer-cache.ts). */
export interface PreparedAnswer {
  /** The JSON, encoded. */
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string>> & { readonly ETag: string };
  /** The body compressed, by encoding (br, gzip), made when first asked for. */
  readonly compressed: Map<string, Buffer>;
}

export function prepareCatalogueAnswer(body: unknown, extraHeaders: Record<string, string> = {}): PreparedAnswer {
  const text = JSON.stringify(body);
  return {
    body: Buffer.from(text),
    headers: {
      'Content-Type': JSON_TYPE,
      ETag: etagOf(text),
      'Cache-Control': CATALOGUE_CACHE_CONTROL,
      ...extraHeaders,
    },
    compressed: new Map(),
  };
}

/** A prepared catalogue answer for this request: ETag + Cache-Control, 304 when the client already has it. */
export function catalogueResponse(request: Request, { body, headers }: PreparedAnswer): Response {
  if (etagMatches(request.headers.get('If-None-Match'), headers.ETag)) {
    const { 'Content-Type': _type, ...rest } = headers;
    return new Response(null, { status: 304, headers: rest });
  }
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}

/** Adds `name` to the Vary header unless it is already named there (each header once). */
export function appendVary(headers: Headers, name: string): void {
  const current = headers.get('Vary');
  if (!current) return headers.set('Vary', name);
  const named = current.split(',').map((token) => token.trim().toLowerCase());
  if (named.includes('*') || named.includes(name.toLowerCase())) return;
  headers.set('Vary', `${current}, ${name}`);
}

const CORS_METHODS = 'GET, HEAD, POST, OPTIONS';

/** CORS for the origins in ALLOWED_ORIGINS: the exact origin echoed, with credentials. Others get nothing. */
export function corsHeaders(request: Request, allowedOrigins: readonly string[]): Record<string, string> {
  return corsHeadersFor(request.headers.get('Origin'), allowedOrigins);
}

/** The same, from the Origin header's value. */
export function corsHeadersFor(
  origin: string | null | undefined,
  allowedOrigins: readonly string[],
): Record<string, string> {
  if (!origin || !allowedOrigins.includes(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': 'ETag, Link',
  };
}

export function preflightResponse(request: Request, allowedOrigins: readonly string[]): Response {
  const cors = corsHeaders(request, allowedOrigins);
  const headers: Record<string, string> = { Allow: CORS_METHODS, Vary: 'Origin' };
  if (cors['Access-Control-Allow-Origin']) {
    Object.assign(headers, cors, {
      'Access-Control-Allow-Methods': CORS_METHODS,
      'Access-Control-Allow-Headers': request.headers.get('Access-Control-Request-Headers') ?? 'Content-Type',
      'Access-Control-Max-Age': '600',
    });
  }
  return new Response(null, { status: 204, headers });
}

/** Reads a JSON body within a size limit. */
export async function readJson(
  request: Request,
  maxBytes: number,
  messages: { badJson: string; notJson: string; bodyTooLarge: string },
): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, messages.notJson);
  const declared = Number(request.headers.get('Content-Length') ?? 0);
  if (declared > maxBytes) throw new HttpError(413, messages.bodyTooLarge);
  const buffer = await request.arrayBuffer();
  if (buffer.byteLength > maxBytes) throw new HttpError(413, messages.bodyTooLarge);
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(buffer));
  } catch {
    throw new HttpError(400, messages.badJson);
  }
}
