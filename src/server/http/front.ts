/**
 * The request handler every request passes first: the probes (whatever the Host, never cached), then the guard and
 * the edge. Each request gets its id here and, once answered, its line in the request log and its count in the metrics.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { splitTarget } from './api-path.ts';
import { serverMessages } from './error-pages.ts';
import type { Health } from '../operations/health.ts';
import { withRequest, type RequestContext } from '../operations/request-context.ts';
import type { AnsweredRequest, RequestKind } from '../operations/answered-request.ts';
import { kindOf, requestIdOf } from '../operations/request-log.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
type Guard = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

const LIVE_PATH = '/health/live';
export const READY_PATH = '/health/ready';

function isProbePath(path: string): boolean {
  return path === LIVE_PATH || path === READY_PATH;
}

/** A small JSON answer no cache keeps. */
export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : text);
}

async function answerProbe(req: IncomingMessage, res: ServerResponse, path: string, health: Health): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    sendJson(req, res, 405, { message: serverMessages.methodNotAllowed });
    return;
  }
  if (path === LIVE_PATH) {
    sendJson(req, res, 200, { live: true });
    return;
  }
  const { status, body } = await health.readiness();
  sendJson(req, res, status, body);
}

interface FrontOptions {
  guard: Guard;
  edge: Handler;
  health: Health;
  /** TRUST_PROXY: a proxy's X-Request-Id is the request's id. */
  trustProxy?: boolean | undefined;
  /** Told of every answered request (the request log, the metrics). */
  onAnswered?: readonly ((answered: AnsweredRequest) => void)[] | undefined;
  /** /metrics on this port (with METRICS_TOKEN: ../operations/metrics-endpoint.ts); undefined: an ordinary shop address. */
  metrics?: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
}

function bytesOf(req: IncomingMessage, res: ServerResponse): number {
  if (req.method === 'HEAD' || res.statusCode === 304 || res.statusCode === 204) return 0;
  return Number(res.getHeader('content-length') ?? 0) || 0;
}

export function createFront({
  guard,
  edge,
  health,
  trustProxy = false,
  onAnswered = [],
  metrics,
}: FrontOptions): Handler {
  return (req, res) => {
    const started = performance.now();
    const target = req.url;
    const { path } = splitTarget(target);
    const probe = isProbePath(path);
    const scrape = metrics !== undefined && path === '/metrics';
    const kind: RequestKind = probe ? 'health' : scrape ? 'metrics' : kindOf(path);
    const context: RequestContext = { id: requestIdOf(req, trustProxy), source: undefined, search: undefined };
    res.setHeader('X-Request-Id', context.id);
    if (onAnswered.length > 0)
      res.once('close', () => {
        const answered: AnsweredRequest = {
          requestId: context.id,
          kind,
          method: req.method ?? '',
          target,
          status: res.statusCode,
          bytes: bytesOf(req, res),
          seconds: (performance.now() - started) / 1000,
          source: context.source,
          search: context.search,
          aborted: !res.writableFinished,
        };
        for (const observe of onAnswered) observe(answered);
      });
    if (probe) {
      void answerProbe(req, res, path, health);
      return;
    }
    if (scrape) {
      metrics(req, res);
      return;
    }
    // Draining: still answer, then let the connection go (the client reconnects elsewhere).
    if (health.phase === 'draining') res.setHeader('Connection', 'close');
    withRequest(context, () => guard(req, res, () => edge(req, res)));
  };
}
