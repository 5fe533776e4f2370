/** The shop's HTTP server, built from an open shop: the front, then the guard, then the edge (docs/decisions/0027-one-module-graph.md). */
import http from 'node:http';
import type { DestinationStream, Logger } from 'pino';
import type { ClerkBrowserSettings } from './clerk-settings.ts';
import type { Config } from './config.ts';
import type { NodeHandler } from './http/capture.ts';
import { createEdge } from './http/edge.ts';
import { createFront } from './http/front.ts';
import { createGuard } from './http/guard.ts';
import { applyLimits, serverOptions } from './http/limits.ts';
import { scheduleBackups, type BackupSchedule } from './operations/backup-schedule.ts';
import { createHealth, type Health } from './operations/health.ts';
import { listenWhenRead } from './operations/listen-when-read.ts';
import { metricsOnShopPort, metricsServer } from './operations/metrics-endpoint.ts';
import { createMetrics, type Metrics } from './operations/metrics.ts';
import { createLogger, logRequest } from './operations/request-log.ts';
import type { Shop } from './shop.ts';
import { describeStartupError } from './startup-errors.ts';

interface ShopServerOptions {
  shop: Shop;
  /** Astro's handler (static files, then pages); tests pass their own. */
  pages: NodeHandler;
  /** The settings, when not the shop's own. */
  config?: Config | undefined;
  /** Where the request log's lines go (default: standard output). */
  log?: DestinationStream | undefined;
}

export interface ShopServer {
  server: http.Server;
  /** Every request's handler (the server's `request` listener; `astro dev` hands it /api). */
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  health: Health;
  metrics: Metrics;
  logger: Logger;
  /** The production start: the index read, ready, HOST:PORT and METRICS_PORT listening, the backups scheduled; rejects with a line naming the setting. */
  listen(): Promise<void>;
  /** Stops the backups' schedule and the metrics port (the caller closes the server and the shop). */
  close(): Promise<void>;
}

function listenOn(server: http.Server, port: number, host: string, fail: (error: Error) => string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error) => reject(new Error(fail(error), { cause: error })));
    server.listen(port, host, resolve);
  });
}

export function createShopServer({ shop, pages, config = shop.config, log }: ShopServerOptions): ShopServer {
  const clerk = shop.clerk();
  const browser: ClerkBrowserSettings | undefined = clerk.configured ? clerk.browser : undefined;
  const guard = createGuard({ ...config, clerk: () => browser });
  const edge = createEdge({
    api: shop.api,
    config,
    pages,
    cache: shop.cache,
    catalogueVersion: shop.catalogueVersion,
    contentVersion: shop.contentVersion,
  });
  const health = createHealth({ catalogueVersion: shop.catalogueVersion });
  const logger = createLogger(config, log);
  const metrics = createMetrics({ ...shop, health });
  const front = createFront({
    guard,
    edge,
    health,
    trustProxy: config.trustProxy,
    onAnswered: [
      (answered) => logRequest(logger, answered),
      (answered) => metrics.observe(answered),
      (answered) => {
        if (answered.search?.found === 'nothing') shop.unfound.record(answered.search.text);
      },
    ],
    metrics: metricsOnShopPort(metrics, config),
  });
  const server = http.createServer(serverOptions, front);
  applyLimits(server, config);
  let scrapes: http.Server | undefined;
  let backups: BackupSchedule | undefined;

  return {
    server,
    handler: front,
    health,
    metrics,
    logger,
    async listen() {
      await listenWhenRead({
        readSearchIndex: () => shop.catalogue.readSearchIndex(),
        serving: () => health.serving(),
        listen: () =>
          listenOn(server, config.port, config.host, (error) => describeStartupError(error, config, 'listen')),
      });
      scrapes = metricsServer(metrics, config);
      if (scrapes)
        await listenOn(
          scrapes,
          config.metrics.port!,
          config.metrics.host,
          (error: NodeJS.ErrnoException) =>
            `METRICS_PORT=${config.metrics.port} METRICS_HOST=${config.metrics.host}: ${error.code ?? error.message}`,
        );
      backups = scheduleBackups({
        config,
        backups: shop.backups,
        say: (line) => logger.info({ kind: 'backup' }, line),
      });
    },
    async close() {
      scrapes?.close();
      await backups?.stop();
    },
  };
}
