/**
 * What every request passes before a handler: security headers, method, Host, target, and the body within MAX_BODY_BYTES.
 * Each refusal is a 4xx; no request reaches a page or the API with a URL that cannot be built from its Host and target.
 */
import { normalizePercentEscapes } from '../../lib/lenient-url.ts';
import { sessionTokenOf } from '../../lib/session-cookie.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config.ts';
import { API_METHODS, BODY_METHODS, bodyLimitFor, isApiPath, splitTarget } from './api-path.ts';
import { corsOriginsFor } from './cors.ts';
import { answerError, serverMessages } from './error-pages.ts';
import { isPlainHost, splitHost } from './public-origin.ts';
import { applySecurityHeaders, type SecurityHeaderOptions } from './security-headers.ts';

/** Methods the fetch standard forbids in a Request (CONNECT never reaches a handler: ./limits.ts). */
const FORBIDDEN_METHODS: readonly string[] = ['TRACE', 'TRACK'];
/** Pages and static files are read-only. */
const PAGE_METHODS = ['GET', 'HEAD'] as const;

export type GuardSettings = Pick<Config, 'maxBodyBytes' | 'allowedHosts' | 'hsts' | 'allowedOrigins'> &
  Pick<SecurityHeaderOptions, 'clerk'>;

/** After an early 413 the rest of the body is read and dropped for this long (nginx's lingering close): the client reads the answer. */
const LINGER_MS = 5000;
/** …and at most this many bytes (each dropped chunk is a buffer until the next collection). */
const LINGER_BYTES = 24 * 1024 * 1024;

/** The Host header's problem, or undefined when it is a well-formed (and, with ALLOWED_HOSTS, allowed) host. */
export function hostProblem(
  host: string | undefined,
  allowedHosts: readonly string[],
): 'bad' | 'not-allowed' | undefined {
  if (host === undefined) return undefined; // HTTP/1.0 without Host; Node refuses that for HTTP/1.1
  if (!isPlainHost(host)) return 'bad';
  const { name } = splitHost(host);
  if (allowedHosts.length > 0 && !allowedHosts.includes(name.toLowerCase().replace(/\.$/, ''))) return 'not-allowed';
  return undefined;
}

/** Does `http://<host><target>` name the same host, with the target as its path? Escapes read leniently (src/lib/lenient-url.ts). */
export function targetIsBuildable(host: string | undefined, rawTarget: string | undefined): boolean {
  if (!rawTarget?.startsWith('/')) return false;
  // Browsers send a backslash of a path as `/` or `%5C`; a raw one is a probe, which URL parsers disagree on.
  if (splitTarget(rawTarget).path.includes('\\')) return false;
  const target = normalizePercentEscapes(rawTarget);
  try {
    decodeURI(target);
  } catch {
    return false;
  }
  const authority = host ?? 'localhost';
  if (!URL.canParse(`http://${authority}${target}`)) return false;
  return new URL(`http://${authority}${target}`).host === new URL(`http://${authority}`).host;
}

/** Reads the body within `maxBytes` as it streams: 413 the moment the count passes it. Undefined: answered, or gone. */
function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  maxBytes: number,
  answer: { api: boolean; cors: readonly string[] },
): Promise<Buffer | undefined> {
  const tooLarge = () => {
    const socket = req.socket;
    // The answer only half-closes: Node would close a `Connection: close` socket at once, and the kernel reset it under
    // a client still sending, before it read the answer. The socket closes once the body is read, or after LINGER_MS.
    let bodyRead = false;
    let closing = false;
    const closeOnceWritten = () => {
      if (socket.writableFinished) socket.destroy();
      else socket.once('finish', () => socket.destroy());
    };
    socket.destroySoon = () => {
      closing = true;
      if (socket.writable) socket.end();
      if (bodyRead) closeOnceWritten();
    };
    answerError(req, res, 413, serverMessages.bodyTooLarge, answer);
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    let dropped = 0;
    const drop = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) req.pause();
    };
    const done = () => {
      clearTimeout(timer);
      req.off('data', drop);
    };
    socket.once('close', done);
    req.once('end', () => {
      bodyRead = true;
      done();
      if (closing) closeOnceWritten();
    });
    req.on('data', drop);
  };
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes) {
    tooLarge();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (body: Buffer | undefined) => {
      req.off('data', onData).off('end', onEnd).off('error', onGone).off('aborted', onGone);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        tooLarge();
        finish(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks, size));
    // The client went away mid-body: nothing to answer, and nothing worth logging.
    const onGone = () => finish(undefined);
    req.on('data', onData).on('end', onEnd).on('error', onGone).on('aborted', onGone);
  });
}

/** A connect-style middleware: calls `next` only for a request that passed every check. */
export function createGuard(settings: GuardSettings) {
  return function guard(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    applySecurityHeaders(res, { hsts: settings.hsts, clerk: settings.clerk });
    const api = isApiPath(req.url);
    const host = req.headers.host;
    // Refusals under /api carry CORS for allowed origins (never the admin API's), so another front end reads the message.
    const cors = corsOriginsFor(req.url, settings.allowedOrigins);
    const refuse = (status: number, message: string, headers?: Record<string, string>) =>
      answerError(req, res, status, message, { api, cors, headers });

    const problem = hostProblem(host, settings.allowedHosts);
    if (problem) {
      refuse(400, problem === 'bad' ? serverMessages.badHost : serverMessages.hostNotAllowed);
      return;
    }
    if (!targetIsBuildable(host, req.url)) {
      refuse(400, serverMessages.badTarget);
      return;
    }
    // Pages take GET and HEAD only. Under /api a method a route does not take is the router's to answer, but for those
    // the fetch standard forbids (TRACE echoes the request): they can never become a web Request.
    const method = req.method ?? '';
    const refused = api ? FORBIDDEN_METHODS.includes(method) : !(PAGE_METHODS as readonly string[]).includes(method);
    if (refused) {
      refuse(405, serverMessages.methodNotAllowed, { Allow: (api ? API_METHODS : PAGE_METHODS).join(', ') });
      return;
    }
    if (!api ? method !== 'POST' : !BODY_METHODS.includes(method)) {
      next();
      return;
    }
    const carriesSession = sessionTokenOf(req.headers.authorization, req.headers.cookie) !== undefined;
    const limit = bodyLimitFor(req.url, carriesSession, settings.maxBodyBytes);
    void readBody(req, res, limit, { api, cors }).then((body) => {
      if (!body || res.headersSent || res.destroyed) return;
      // Astro's request adapter takes an already-read body from req.body (as after Express's parsers).
      (req as IncomingMessage & { body?: Buffer }).body = body;
      next();
    });
  };
}
