/** The server's connection limits (docs/security-and-limits.md), and its answers to requests that cannot even be parsed. */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { serverMessages } from './error-pages.ts';
import { API_METHODS } from './api-path.ts';
import { corsHeadersFor, corsOriginsFor } from './cors.ts';
import { FIXED_SECURITY_HEADERS, HSTS_VALUE, NON_PAGE_POLICY } from './security-headers.ts';
import { errorBody } from '../../lib/api/errors.ts';

/** Longest request target (path and query) answered; longer ones get 414 (./edge.ts). */
export const MAX_TARGET_LENGTH = 8 * 1024;
/** Node's limit for the request line and headers (default 16 KiB): an over-long URL then reaches the edge's 414, not a bare 431. */
const MAX_HEADER_BYTES = 128 * 1024;

/** Time for a client to send the request line and headers: after that, 408 and the connection is closed. */
const HEADERS_TIMEOUT_MS = 15_000;
/** Time for a whole request, body included (Node's default is 5 minutes). */
const REQUEST_TIMEOUT_MS = 30_000;
/** An idle keep-alive connection is kept this long (longer than the usual proxy's 60 s). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export const serverOptions = {
  maxHeaderSize: MAX_HEADER_BYTES,
  requestTimeout: REQUEST_TIMEOUT_MS,
  headersTimeout: HEADERS_TIMEOUT_MS,
};

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
  501: 'Not Implemented',
};

/** A whole JSON answer written straight to the socket, which then closes (no request object to answer through). */
function answerOnSocket(
  socket: Socket,
  status: number,
  message: string,
  settings: { hsts: boolean },
  extra: Record<string, string> = {},
): void {
  const body = errorBody(message);
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'Content-Security-Policy': NON_PAGE_POLICY,
    ...FIXED_SECURITY_HEADERS,
    ...(settings.hsts ? { 'Strict-Transport-Security': HSTS_VALUE } : {}),
    ...extra,
    Connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\n${head}\r\n${body}`);
}

function clientErrorStatus(code: string | undefined): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, serverMessages.headersTooLarge];
  // A method Node does not know at all (BREW); a known one the shop does not take is 405 (./guard.ts).
  if (code === 'HPE_INVALID_METHOD') return [501, serverMessages.methodNotImplemented];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT') return [408, serverMessages.timeout];
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return [413, serverMessages.bodyTooLarge];
  return [400, serverMessages.badRequest];
}

/** CORS for a request Node could not parse, read from its bytes: under the public /api an allowed Origin gets it. */
function corsOfUnparsed(raw: Buffer | undefined, allowedOrigins: readonly string[]): Record<string, string> {
  if (!raw || allowedOrigins.length === 0) return {};
  const text = raw.toString('latin1');
  const target = /^[A-Za-z]+ +([^ \r\n]+)/.exec(text)?.[1];
  const origin = /\r\nOrigin:[ \t]*([^\r\n]*?)[ \t]*\r\n/i.exec(text)?.[1];
  return corsHeadersFor(origin, corsOriginsFor(target, allowedOrigins));
}

/** A request Node cannot parse is answered with a JSON message and the security headers, then the connection closes. */
export function applyLimits(server: Server, settings: { hsts: boolean; allowedOrigins: readonly string[] }): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // An answer already went out on this connection (e.g. a 400 before a broken body): just close it.
    const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, message] = clientErrorStatus(error.code);
    const raw = (error as NodeJS.ErrnoException & { rawPacket?: Buffer }).rawPacket;
    answerOnSocket(socket, status, message, settings, corsOfUnparsed(raw, settings.allowedOrigins));
  });
  // CONNECT (a proxy's method) never reaches the request handler; without this, Node just drops the connection.
  server.on('connect', (_request, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    answerOnSocket(socket, 405, serverMessages.methodNotAllowed, settings, { Allow: API_METHODS.join(', ') });
  });
}
