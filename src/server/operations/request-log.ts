/**
 * The request log (pino): one JSON line per request, written by the one front (../http/front.ts) when the
 * answer is done — time, request id, kind, method, the path with its query's parameter names but never
 * their values (shoppers type names and addresses into search), status, bytes, duration, whether the
 * answer came from memory. No cookies, bodies, headers or tokens are ever read into it. Probes and
 * /metrics are logged at debug level only. LOG_FORMAT=pretty (or a terminal) prints readable lines.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config.ts';
import { isAdminApiPath, isApiPath, originForm } from '../http/api-path.ts';
import { batchDestination } from './log-destination.ts';
import { mostBytes, writeLine } from './request-line.ts';
import { staticKey } from '../http/page-keys.ts';
import type { AnsweredRequest, RequestKind } from './answered-request.ts';

/** An X-Request-Id a proxy may set: short, printable, nothing that could break a log line. */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * A new request id is this process's random prefix, drawn once at start (72 bits: no two servers or
 * restarts share one), then its count of requests: unique as a UUID per request would be, in half
 * the characters of every log line and X-Request-Id, and without drawing randomness per request.
 */
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
export function loggedPath(target: string | undefined): string {
  const url = originForm(target);
  const query = url.indexOf('?');
  const path = (query === -1 ? url : url.slice(0, query)).slice(0, MAX_PATH);
  if (query === -1) return path;
  const names = url
    .slice(query + 1)
    .split('&')
    .filter(Boolean)
    .slice(0, MAX_NAMES)
    .map((pair) => pair.split('=', 1)[0]!.slice(0, 40));
  return names.length === 0 ? path : `${path}?${names.join('&')}`;
}

export function kindOf(path: string): RequestKind {
  if (isApiPath(path)) return isAdminApiPath(path) ? 'admin' : 'api';
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  return staticKey(path) ? 'static' : 'page';
}

/** Where a destination takes a line written straight into its bytes (./log-destination.ts). */
type LineRoom = Pick<ReturnType<typeof batchDestination>, 'room' | 'bytes' | 'wrote'>;

/**
 * JSON loggers' destinations: the request line is written straight into them (see logRequest); a
 * readable (pretty) logger is not here and formats it through pino.
 */
const jsonDestinations = new WeakMap<Logger, DestinationStream & Partial<LineRoom>>();

/**
 * The process's logger at LOG_LEVEL. `destination`: where lines go (tests pass their own); by default
 * standard output, a few milliseconds' lines written together (./log-destination.ts), readable
 * lines with LOG_FORMAT=pretty or, under `auto`, on a terminal.
 */
export function createLogger(
  { logLevel, logFormat }: Pick<Config, 'logLevel' | 'logFormat'>,
  destination?: DestinationStream,
): Logger {
  // pino's own time: milliseconds since 1970, which log collectors read as they are (an ISO string per line costs more).
  const options = { level: logLevel, base: { pid: process.pid } };
  const readable = !destination && (logFormat === 'pretty' || (logFormat === 'auto' && process.stdout.isTTY === true));
  if (readable) return pino(options, pretty({ colorize: true, singleLine: true, sync: true }));
  let lines: (DestinationStream & Partial<LineRoom>) | undefined = destination;
  if (!lines) {
    const batches = batchDestination();
    // Lines still waiting when the process ends (an exit, an uncaught exception) are written first.
    process.once('exit', () => batches.flushSync());
    lines = batches;
  }
  const logger = pino(options, lines);
  jsonDestinations.set(logger, lines);
  return logger;
}

/** A line for a destination that takes strings (a test's): written here first. */
let scratch = Buffer.allocUnsafeSlow(16 * 1024);

/**
 * Writes one request's line: probes and /metrics at debug, everything else at info. On a JSON logger
 * the line is written here, in pino's own shape, straight into the destination's bytes
 * (./request-line.ts): pino's general serializer, or even a string per line, costs more than the line's
 * fields, and a line is written for every answer. Nothing of the line is made below the level check.
 */
export function logRequest(logger: Logger, answered: AnsweredRequest): void {
  const level = answered.kind === 'health' || answered.kind === 'metrics' ? 'debug' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  const path = loggedPath(answered.target);
  const destination = jsonDestinations.get(logger);
  if (destination) {
    const most = mostBytes(answered, path);
    const at = destination.room?.(most);
    if (at !== undefined) {
      destination.wrote!(writeLine(destination.bytes!, at, level, Date.now(), answered, path));
      return;
    }
    if (scratch.length < most) scratch = Buffer.allocUnsafeSlow(most);
    destination.write(scratch.toString('utf8', 0, writeLine(scratch, 0, level, Date.now(), answered, path)));
    return;
  }
  const line = {
    requestId: answered.requestId,
    kind: answered.kind,
    method: answered.method,
    path,
    status: answered.status,
    bytes: answered.bytes,
    ms: Math.round(answered.seconds * 100_000) / 100,
    fromMemory: answered.source === 'memory',
    ...(answered.aborted ? { aborted: true } : {}),
  };
  logger[level](line, 'request');
}
