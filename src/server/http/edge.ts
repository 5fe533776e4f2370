/**
 * The edge, behind the guard (docs/decisions/0010-edge-and-one-sender.md): under /api the one router answers every
 * method; pages and static files come from the response cache (a request with Clerk's session cookies is rendered for
 * itself, never cached); every answer is written by `sendPrepared` (./prepared-response.ts). Page targets are read
 * leniently (src/lib/lenient-url.ts).
 */
import type http from 'node:http';
import { normalizePercentEscapes } from '../../lib/lenient-url.ts';
import { mayCarryClerkSession } from '../../lib/session-cookie.ts';
import type { Config } from '../config.ts';
import type { Api } from '../api/router.ts';
import { apiMessages } from '../api/messages.ts';
import { HttpError } from '../api/responses.ts';
import { MAX_TARGET_LENGTH } from './limits.ts';
import { logUnexpectedError } from '../operations/error-log.ts';
import { noteAnswer } from '../operations/request-context.ts';
import { isApiPath, originForm } from './api-path.ts';
import { corsOriginsFor } from './cors.ts';
import { cacheControlFor } from './cache-control.ts';
import { capture, asPlainGet, type NodeHandler } from './capture.ts';
import { answerError, serverMessages } from './error-pages.ts';
import { pageKey, staticKey, versionOfPage } from './page-keys.ts';
import { sendPrepared, type PreparedResponse } from './prepared-response.ts';
import { publicOriginOfNode, withPublicOrigin } from './public-origin.ts';
import type { ResponseCache, Validity } from './response-cache.ts';

const PICTURES = /^\/(?:art|pictures)\//;
const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

interface EdgeOptions {
  api: Api;
  config: Pick<Config, 'allowedOrigins' | 'publicSiteUrl' | 'trustProxy'>;
  pages: NodeHandler;
  cache?: ResponseCache | undefined;
  /** The process's catalogue-version reader (src/server/search/catalogue-version.ts). */
  catalogueVersion?: (() => Promise<string>) | undefined;
  /** The content pages' version reader (src/server/db/content/content-pages.ts); without it they are not cached. */
  contentVersion?: (() => Promise<string>) | undefined;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export function createEdge({ api, config, pages, cache, catalogueVersion, contentVersion }: EdgeOptions): Handler {
  async function answerApi(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const cors = corsOriginsFor(req.url, config.allowedOrigins);
    if ((req.url ?? '').length > MAX_TARGET_LENGTH) {
      answerError(req, res, 414, apiMessages.uriTooLong, { api: true, cors });
      return;
    }
    // One router for every method: a cached GET (a cache hit) is found without a web Request ever being made.
    const { answer, key, cacheHit } = await api.answer({
      method: req.method ?? 'GET',
      target: targetOf(req),
      origin: publicOriginOfNode(req, config),
      request: () => toRequest(req),
    });
    if (key) noteAnswer(answer, cacheHit ? 'memory' : 'made');
    sendPrepared(req, res, answer, { cors, grew: key && cache ? () => cache.recount(key, answer) : undefined });
  }

  const keep = (answer: PreparedResponse) =>
    (answer.status === 200 || answer.status === 404) &&
    answer.headers['set-cookie'] === undefined &&
    !/\b(?:private|no-store)\b/i.test(String(answer.headers['cache-control'] ?? ''));

  async function answerPage(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const target = req.url ?? '/';
    if (target.length > MAX_TARGET_LENGTH) {
      answerError(req, res, 414, serverMessages.uriTooLong, { api: false });
      return;
    }
    req.url = normalizePercentEscapes(target);
    const origin = publicOriginOfNode(req, config);
    // Joined as text, as the guard checked it: resolved against the origin, a target such as `/\`
    // would read as a scheme-relative URL with no host.
    const url = new URL(`${origin}${req.url}`);
    if (PICTURES.test(url.pathname)) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    const signedIn = mayCarryClerkSession(String(req.headers.cookie ?? ''), url);
    let rendered = false;
    const render = () => {
      rendered = true;
      return asPlainGet(req, () => withPublicOrigin(origin, () => capture(pages, req)));
    };

    let answer: PreparedResponse;
    let key: string | undefined;
    const file = staticKey(url.pathname);
    if (cache && file) {
      key = file;
      answer = await cache.through(key, 'release', render, (rendered) => rendered.status === 200);
    } else {
      const kind = versionOfPage(url.pathname);
      const version = kind === 'content' ? contentVersion : catalogueVersion;
      const page = !signedIn && cache && version ? pageKey(origin, url.pathname, url.search) : undefined;
      let validity: Validity | undefined;
      if (page)
        validity = await version!().then(
          (version) => ({ version, kind }),
          () => undefined,
        );
      if (page && validity) {
        key = page;
        answer = await cache!.through(page, validity, render, keep);
      } else answer = await render();
    }
    // Kept, or made by another request's render of the same key: from memory for this one.
    noteAnswer(answer, key && !rendered ? 'memory' : 'made');
    const own = answer.headers['cache-control'];
    sendPrepared(req, res, answer, {
      headers: cacheControlFor(url.pathname, typeof own === 'string' ? own : undefined, { privateAnswer: signedIn }),
      grew: key && cache ? () => cache.recount(key, answer) : undefined,
    });
  }

  return (req, res) => {
    const answering = isApiPath(req.url) ? answerApi(req, res) : answerPage(req, res);
    answering.catch((error: unknown) => {
      logUnexpectedError('edge', req.method ?? '', req.url ?? '', error);
      if (!res.headersSent) {
        const api = isApiPath(req.url);
        answerError(req, res, 500, apiMessages.internal, { api, cors: corsOriginsFor(req.url, config.allowedOrigins) });
      } else res.destroy();
    });
  };
}

function headersOf(req: http.IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) headers.append(raw[index]!, raw[index + 1]!);
  return headers;
}

/** The request's path and query, without the scheme and host of an absolute-form target, escapes normalized. */
function targetOf(req: http.IncomingMessage): string {
  return normalizePercentEscapes(originForm(req.url));
}

/** The web Request for the API, at the request's own origin; the guard read its body (within MAX_BODY_BYTES) into `req.body`. */
function toRequest(req: http.IncomingMessage): Request {
  try {
    return webRequestOf(req);
  } catch (error) {
    // A request Node accepted but the web Request refused.
    logUnexpectedError('api', req.method ?? '', req.url ?? '', error);
    throw new HttpError(400, apiMessages.badRequest);
  }
}

function webRequestOf(req: http.IncomingMessage): Request {
  const method = req.method ?? 'GET';
  const host = req.headers.host;
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const url = `${scheme}://${host ?? 'localhost'}${targetOf(req)}`;
  const headers = headersOf(req);
  const body = (req as http.IncomingMessage & { body?: Buffer }).body;
  if (NO_BODY.has(method) || !Buffer.isBuffer(body)) return new Request(url, { method, headers });
  return new Request(url, { method, headers, body: new Uint8Array(body) });
}
