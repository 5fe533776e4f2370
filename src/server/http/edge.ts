/**
 * The Node server's front door (scripts/serve.ts), in front of Astro's handler:
 * - every request under /api is answered here by the API (src/server/api/router.ts), without
 *   Astro's page pipeline or middleware, so every answer — malformed URLs, unknown methods,
 *   oversized bodies included — is the API's JSON `{message}` with its CORS headers;
 * - page requests get their target made acceptable to Astro's strict decoding with the same lenient
 *   reading (src/lib/lenient-url.ts): `/products?query=100%` is the search for '100%', not a 400;
 * - pictures may be shown by front ends on other origins (Cross-Origin-Resource-Policy).
 */
import type http from 'node:http';
import { normalizePercentEscapes } from '../../lib/lenient-url.ts';
import type { Config } from '../config.ts';
import { corsHeadersFor, errorResponse } from '../api/responses.ts';
import { apiMessages } from '../api/messages.ts';
import { answerFromMemory } from './prepared-response.ts';
import { isPlainHost } from './public-origin.ts';
import { API_PREFIX, type Api } from '../api/router.ts';

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** Longest request target (path and query) answered; longer ones get 414. */
export const MAX_TARGET_LENGTH = 8 * 1024;
/**
 * Node's parser limit for the request line and headers (its default is 16 KiB): large enough that
 * an over-long URL reaches the handler and gets the API's JSON 414 with CORS, not Node's bare 431.
 */
export const MAX_HEADER_BYTES = 128 * 1024;

const API_TARGET = new RegExp(`^${API_PREFIX}(?:[/?#]|$)`);
const PICTURES = /^\/art\//;
const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface FrontOptions {
  api: Api;
  config: Pick<Config, 'allowedOrigins' | 'publicSiteUrl' | 'trustProxy'>;
  /** Astro's handler, for everything that is not /api. */
  pages: NodeHandler;
}

export function isApiTarget(target: string): boolean {
  return API_TARGET.test(target);
}

export function createFrontHandler({ api, config, pages }: FrontOptions): NodeHandler {
  return (req, res) => {
    const target = req.url ?? '/';
    if (isApiTarget(target)) {
      void answerApi(req, res, api, config);
      return;
    }
    if (target.length > MAX_TARGET_LENGTH) {
      res.writeHead(414, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(apiMessages.uriTooLong);
      return;
    }
    if (PICTURES.test(target)) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    req.url = normalizePercentEscapes(target);
    pages(req, res);
  };
}

function originOf(req: http.IncomingMessage): string {
  const host = req.headers.host;
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  return `${scheme}://${host && isPlainHost(host) ? host : 'localhost'}`;
}

function headersOf(req: http.IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) headers.append(raw[index]!, raw[index + 1]!);
  return headers;
}

/** An error answer for a request that never became a web Request, with CORS for allowed origins. */
function errorFor(
  req: http.IncomingMessage,
  status: number,
  message: string,
  allowedOrigins: readonly string[],
): Response {
  const cors = corsHeadersFor(req.headers.origin, allowedOrigins);
  return errorResponse(status, message, allowedOrigins.length > 0 ? { ...cors, Vary: 'Origin' } : cors);
}

/**
 * The web Request for the API. Its body was read, and held to MAX_BODY_BYTES, by the server's guard
 * in front of this handler (src/server/http/guard.ts), which hands it on as `req.body`.
 */
function toRequest(req: http.IncomingMessage): Request {
  const method = req.method ?? 'GET';
  const headers = headersOf(req);
  const url = originOf(req) + normalizePercentEscapes(req.url ?? '/');
  const body = (req as http.IncomingMessage & { body?: Buffer }).body;
  if (NO_BODY.has(method) || !Buffer.isBuffer(body)) return new Request(url, { method, headers });
  return new Request(url, { method, headers, body: new Uint8Array(body) });
}

async function answerApi(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  api: FrontOptions['api'],
  config: FrontOptions['config'],
) {
  let response: Response;
  if ((req.url ?? '').length > MAX_TARGET_LENGTH) {
    response = errorFor(req, 414, apiMessages.uriTooLong, config.allowedOrigins);
  } else {
    try {
      if (await answerFromMemory(req, res, api, config)) return;
    } catch {
      // Not answered from memory (the catalogue's version could not be read): the ordinary way answers and reports.
    }
    try {
      response = await api(toRequest(req));
    } catch (error) {
      // The API catches its own errors; this is a request Node accepted but the web Request refused.
      console.error('[api] could not read request', req.method, req.url?.slice(0, 200), error);
      response = errorFor(req, 400, apiMessages.badRequest, config.allowedOrigins);
    }
  }
  try {
    await send(response, res);
  } catch (error) {
    console.error('[api] could not send answer', error);
    res.destroy();
  }
}

async function send(response: Response, res: http.ServerResponse): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body) {
    res.end();
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
