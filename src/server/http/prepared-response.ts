/**
 * An answer ready to send, and `sendPrepared`, which writes every answer of the edge
 * (docs/decisions/0010-edge-and-one-sender.md): ETag and 304, CORS under /api, Vary, Cache-Control, and a
 * compressed body made once and kept with the answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import etag from 'etag';
import { corsHeadersFor, mergeVary } from './cors.ts';
import { noteRepresentationType } from './security-headers.ts';

type Encoding = 'br' | 'gzip';

/** Header values by lower-case name. */
export type AnswerHeaders = Record<string, string | string[]>;

export interface PreparedResponse {
  readonly status: number;
  readonly headers: Readonly<AnswerHeaders> & { readonly etag: string };
  readonly body: Buffer;
  /** The body compressed, by encoding, made when first asked for (and counted by the cache). */
  readonly compressed: Map<Encoding, Buffer>;
}

/** Bodies smaller than this are sent as they are. */
const COMPRESS_FROM_BYTES = 512;
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|ld\+json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;
/** Headers a 304 leaves out (they describe a body it does not have). */
const BODY_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'content-type']);
/** Headers the sender decides; an answer's own copies are dropped. */
const CONNECTION_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/** HTML without a charset names UTF-8, the only encoding the shop writes (Clerk's middleware never sees it: src/middleware.ts). */
const isHtmlWithoutCharset = (type: string) => /^\s*text\/html\s*(?:;|$)/i.test(type) && !/charset=/i.test(type);

/** `bytes` in memory of its own: a small Buffer, or zlib's output, is a view of a 64 KiB slab the cache would not count. */
function owned(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

export function prepareResponse(status: number, headers: AnswerHeaders, body: Buffer): PreparedResponse {
  const own: AnswerHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!CONNECTION_HEADERS.has(lower)) own[lower] = value;
  }
  const type = own['content-type'];
  if (typeof type === 'string' && isHtmlWithoutCharset(type)) own['content-type'] = `${type.trim()}; charset=utf-8`;
  const tag = typeof own.etag === 'string' ? own.etag : etag(body, { weak: true });
  return { status, headers: { ...own, etag: tag }, body: owned(body), compressed: new Map() };
}

/** A web Response (the API's, or Astro's) as a prepared answer. */
export async function prepareFromResponse(response: Response): Promise<PreparedResponse> {
  const headers: AnswerHeaders = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  return prepareResponse(response.status, headers, Buffer.from(await response.arrayBuffer()));
}

/** Does If-None-Match name this ETag (weak comparison, lists, `*`)? `Cache-Control: no-cache` is for caches on the way. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** br if Accept-Encoding allows it, else gzip, else none. */
function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const allowed = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) allowed.add(name.trim());
  }
  if (allowed.has('br')) return 'br';
  if (allowed.has('gzip')) return 'gzip';
  return undefined;
}

/** Sent compressed when large enough; its Vary then names Accept-Encoding, whatever its size. */
function isCompressibleType(answer: PreparedResponse): boolean {
  const type = answer.headers['content-type'];
  return answer.headers['content-encoding'] === undefined && typeof type === 'string' && COMPRESSIBLE.test(type);
}

/** The body compressed with `encoding`, made once per prepared answer; `made` is told when it was made now. */
function compressedBody(answer: PreparedResponse, encoding: Encoding, made?: () => void): Buffer {
  let body = answer.compressed.get(encoding);
  if (!body) {
    body = owned(
      encoding === 'br'
        ? brotliCompressSync(answer.body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: answer.body.length },
          })
        : gzipSync(answer.body),
    );
    answer.compressed.set(encoding, body);
    made?.();
  }
  return body;
}

interface SendOptions {
  /** Under /api: CORS for these origins (ALLOWED_ORIGINS), and Vary: Origin when there are any. */
  cors?: readonly string[] | undefined;
  /** Headers the edge decides for this answer (Cache-Control by ./cache-control.ts, Allow, …). */
  headers?: Record<string, string> | undefined;
  vary?: string | undefined;
  /** Told when a compressed copy was added to the answer (the cache counts its bytes again). */
  grew?: (() => void) | undefined;
  close?: boolean | undefined;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Writes `answer` for `req`: the one way every answer of the edge goes out. */
export function sendPrepared(
  req: IncomingMessage,
  res: ServerResponse,
  answer: PreparedResponse,
  options: SendOptions = {},
): void {
  const compressible = isCompressibleType(answer);
  const headers: AnswerHeaders = { ...answer.headers, ...lower(options.headers) };
  if (options.cors) {
    Object.assign(headers, lower(corsHeadersFor(single(req.headers.origin), options.cors)));
  }
  const vary = mergeVary(
    single(answer.headers.vary),
    options.vary,
    options.cors && options.cors.length > 0 ? 'Origin' : undefined,
    compressible ? 'Accept-Encoding' : undefined,
  );
  if (vary) headers.vary = vary;
  else delete headers.vary;
  if (options.close) headers.connection = 'close';
  const type = single(headers['content-type']);
  if (answer.status === 200 && etagMatches(single(req.headers['if-none-match']), answer.headers.etag)) {
    for (const name of BODY_HEADERS) delete headers[name];
    if (type) noteRepresentationType(res, type);
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding =
    compressible && answer.body.length >= COMPRESS_FROM_BYTES
      ? chooseEncoding(single(req.headers['accept-encoding']))
      : undefined;
  const body = encoding ? compressedBody(answer, encoding, options.grew) : answer.body;
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.length);
  res.writeHead(answer.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function lower(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}

/** Bytes an answer holds in memory (body, compressed copies, headers). */
export function sizeOf(answer: PreparedResponse): number {
  let size = answer.body.length + 200;
  for (const copy of answer.compressed.values()) size += copy.length;
  for (const [name, value] of Object.entries(answer.headers)) size += name.length + String(value).length;
  return size;
}
