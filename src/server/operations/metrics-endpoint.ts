/** Where GET /metrics answers, never public by default: on the shop's port with METRICS_TOKEN, on METRICS_PORT of its own. */
import { timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Config } from '../config.ts';
import { splitTarget } from '../http/api-path.ts';
import { sendJson } from '../http/front.ts';
import type { Metrics } from './metrics.ts';

const METRICS_PATH = '/metrics';

const messages = {
  unauthorized: 'Authorization: Bearer <METRICS_TOKEN> required',
  notFound: 'only /metrics here',
  methods: 'GET or HEAD',
};

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

type MetricsAnswer = (req: IncomingMessage, res: ServerResponse) => void;

function metricsAnswer(metrics: Metrics, token: string | undefined): MetricsAnswer {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendJson(req, res, 405, { message: messages.methods });
      return;
    }
    if (token !== undefined && !tokenMatches(req.headers.authorization, token)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      sendJson(req, res, 401, { message: messages.unauthorized });
      return;
    }
    void metrics.text().then(
      (text) => {
        res.writeHead(200, {
          'Content-Type': metrics.contentType,
          'Content-Length': Buffer.byteLength(text),
          'Cache-Control': 'no-store',
        });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => sendJson(req, res, 500, { message: 'metrics unavailable' }),
    );
  };
}

/** The answer of /metrics on the shop's own port: only with a token. */
export function metricsOnShopPort(metrics: Metrics, config: Pick<Config, 'metrics'>): MetricsAnswer | undefined {
  return config.metrics.token ? metricsAnswer(metrics, config.metrics.token) : undefined;
}

/** The listener of its own (METRICS_PORT), or undefined; it answers /metrics and 404 to anything else. */
export function metricsServer(metrics: Metrics, config: Pick<Config, 'metrics'>): http.Server | undefined {
  if (config.metrics.port === undefined) return undefined;
  const answer = metricsAnswer(metrics, config.metrics.token);
  return http.createServer((req, res) => {
    if (splitTarget(req.url).path === METRICS_PATH) answer(req, res);
    else sendJson(req, res, 404, { message: messages.notFound });
  });
}
