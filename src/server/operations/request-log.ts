/**
 * The request log (pino): one line per request, written when the answer is done; the query's parameter names, never
 * their values; no cookies, bodies, headers or tokens. Probes and /metrics at debug level.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config.ts';
import { isAdminApiPath, isApiPath, originForm, splitTarget } from '../http/api-path.ts';
import { staticKey } from '../http/page-keys.ts';
import type { AnsweredRequest, RequestKind } from './answered-request.ts';

/** An X-Request-Id a proxy may set: short, printable, nothing that could break a log line. */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/** A new id is this process's random prefix (72 bits, drawn once) and its count of requests: unique, short, no randomness per request. */
const ID_PREFIX = `${randomBytes(9).toString('base64url')}.`;
let idCount = 0;

/** The request's id: the trusted proxy's X-Request-Id (TRUST_PROXY), else a new one. */
export function requestIdOf(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const given = req.headers['x-request-id'];
    if (typeof given === 'string' && REQUEST_ID.test(given)) return given;
  }
  idCount += 1;
  return ID_PREFIX + idCount.toString(36);
}

const MAX_PATH = 300;
const MAX_NAMES = 20;

/** `/products?search&sort` for `/products?search=דרקון&sort=price`: the names stay, the values never. */
function loggedPath(target: string | undefined): string {
  const { path, query } = splitTarget(originForm(target));
  const names = query
    .split('&')
    .filter(Boolean)
    .slice(0, MAX_NAMES)
    .map((pair) => pair.split('=', 1)[0]!.slice(0, 40));
  return names.length === 0 ? path.slice(0, MAX_PATH) : `${path.slice(0, MAX_PATH)}?${names.join('&')}`;
}

export function kindOf(path: string): RequestKind {
  if (isApiPath(path)) return isAdminApiPath(path) ? 'admin' : 'api';
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  return staticKey(path) ? 'static' : 'page';
}

/** pino's own destination (sonic-boom): lines written together once 4 KiB wait, flushed at exit. */
const BATCH_BYTES = 4096;

/** The logger at LOG_LEVEL: to `destination` (tests), else standard output through pino's asynchronous destination, or pretty. */
export function createLogger(
  { logLevel, logFormat }: Pick<Config, 'logLevel' | 'logFormat'>,
  destination?: DestinationStream,
): Logger {
  const options = { level: logLevel, base: { pid: process.pid } };
  if (destination) return pino(options, destination);
  if (logFormat === 'pretty' || (logFormat === 'auto' && process.stdout.isTTY === true))
    return pino(options, pretty({ colorize: true, singleLine: true, sync: true }));
  return pino(options, pino.destination({ dest: 1, minLength: BATCH_BYTES, sync: false }));
}

/** Writes one request's line: probes and /metrics at debug, everything else at info. */
export function logRequest(logger: Logger, answered: AnsweredRequest): void {
  const level = answered.kind === 'health' || answered.kind === 'metrics' ? 'debug' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  logger[level](
    {
      requestId: answered.requestId,
      kind: answered.kind,
      method: answered.method,
      path: loggedPath(answered.target),
      status: answered.status,
      bytes: answered.bytes,
      ms: Math.round(answered.seconds * 100_000) / 100,
      fromMemory: answered.source === 'memory',
      ...(answered.aborted ? { aborted: true } : {}),
    },
    'request',
  );
}
