/**
 * The Node front door's fast path: a GET or HEAD whose answer is kept (src/server/api/answer-cache.ts)
 * is written straight from memory — no web Request or Response, no routing, no query, no JSON —
 * with its ETag (304 when the client has it), CORS for allowed origins, and a compressed body made
 * once per kept answer (brotli or gzip, as Accept-Encoding allows).
 */
import type http from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Config } from '../config.ts';
import { corsHeadersFor, etagMatches, type PreparedAnswer } from '../api/responses.ts';
import { isPlainHost, publicOriginOf } from './public-origin.ts';
import type { Api } from '../api/router.ts';

/** Bodies smaller than this are sent as they are (as the compression middleware does). */
const COMPRESS_FROM_BYTES = 512;

type Encoding = 'br' | 'gzip';

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** br if Accept-Encoding allows it, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
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

function compressedBody(answer: PreparedAnswer, encoding: Encoding): Buffer {
  let body = answer.compressed.get(encoding);
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(answer.body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: answer.body.length },
          })
        : gzipSync(answer.body);
    answer.compressed.set(encoding, body);
  }
  return body;
}

/**
 * Answers the request from memory when its answer is kept; false when it is not (the caller goes
 * the ordinary way).
 */
export async function answerFromMemory(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  api: Api,
  config: Pick<Config, 'allowedOrigins' | 'publicSiteUrl' | 'trustProxy'>,
): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const host = req.headers.host;
  if (!host || !isPlainHost(host)) return false;
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const origin = publicOriginOf(scheme, host, (name) => single(req.headers[name]), config);
  const answer = await api.kept(origin, req.url ?? '/');
  if (!answer) return false;

  const headers: Record<string, string | number> = {
    ...answer.headers,
    ...corsHeadersFor(req.headers.origin, config.allowedOrigins),
  };
  headers.Vary = config.allowedOrigins.length > 0 ? 'Origin, Accept-Encoding' : 'Accept-Encoding';
  if (etagMatches(single(req.headers['if-none-match']) ?? null, answer.headers.ETag)) {
    delete headers['Content-Type'];
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const encoding =
    answer.body.length >= COMPRESS_FROM_BYTES ? chooseEncoding(single(req.headers['accept-encoding'])) : undefined;
  const body = encoding ? compressedBody(answer, encoding) : answer.body;
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
