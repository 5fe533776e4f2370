/**
 * The production server: the guard, then the edge (src/server/http/edge.ts: the API for /api, and
 * in front of Astro's standalone handler one cache of pages and static files, one sender that
 * compresses once, sets ETag/304, CORS, Vary and Cache-Control — docs/decisions/0010-edge-and-one-sender.md).
 * Reads and validates the configuration first, migrates and seeds the database and reads the
 * search's catalogue index before it accepts a request. Run after `astro build`: `node scripts/serve.ts`.
 *
 * Every request passes src/server/http/front.ts first: the probes (/health/live, /health/ready), the
 * request's id, its line in the request log (src/server/operations/request-log.ts) and its count in the
 * metrics (src/server/operations/metrics.ts; /metrics with METRICS_TOKEN, or on METRICS_PORT).
 *
 * Stateless, so that several of these can serve one PostgreSQL database behind a load balancer.
 * SIGTERM or SIGINT shuts down gracefully (src/server/operations/shutdown.ts): unready while it still accepts
 * for SHUTDOWN_DRAIN_MS, then no new connections, every request in flight answered (keep-alive
 * connections are closed after their answer), then the database pool is closed.
 */
import { existsSync } from 'node:fs';
import http from 'node:http';
import { enableCompileCache } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createEdge } from '../src/server/http/edge.ts';
import { createFront } from '../src/server/http/front.ts';
import { createHealth } from '../src/server/operations/health.ts';
import { listenWhenRead } from '../src/server/operations/listen-when-read.ts';
import { createShutdown } from '../src/server/operations/shutdown.ts';
import { createLogger, logRequest } from '../src/server/operations/request-log.ts';
import { createMetrics } from '../src/server/operations/metrics.ts';
import { scheduleBackups } from '../src/server/operations/backup-schedule.ts';
import { metricsOnShopPort, metricsServer } from '../src/server/operations/metrics-endpoint.ts';
import { ConfigError, loadConfig, loadDotEnv, type Config } from '../src/server/config.ts';
import { openShop, useShop } from '../src/server/shop.ts';
import { catalogueTooLarge } from '../src/server/search/index.ts';
// The hardened server (docs/security-and-limits.md): checks before Astro, limits, start-up failures that name their setting.
import { createGuard } from '../src/server/http/guard.ts';
import { applyLimits, serverOptions } from '../src/server/http/limits.ts';
import { describeStartupError } from '../src/server/startup-errors.ts';
import { currentBuild, holdBuild } from './build-folders.ts';
import { readClerkSettings, type ClerkBrowserSettings } from '../src/features/auth/clerk-settings.server.ts';

/** Clerk's browser settings, for the pages' policy (read once; the bundle's own copy logs any problem). */
let clerkBrowser: { settings: ClerkBrowserSettings | undefined } | undefined;
const clerkBrowserSettings = () => {
  if (!clerkBrowser) {
    const settings = readClerkSettings(process.env, true);
    clerkBrowser = { settings: settings.configured ? settings.browser : undefined };
  }
  return clerkBrowser.settings;
};

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The lock on the build this process serves: held (referenced) for as long as the process runs. */
let servedBuild: Awaited<ReturnType<typeof holdBuild>>;
/** How long a shutdown waits for requests in flight before it gives up on them. */
const SHUTDOWN_GRACE_MS = 10_000;

/** A start that cannot go on: the message names the setting; no stack trace. */
function failToStart(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Every setting, read and validated; a wrong one stops the process with the message naming it. */
export function readConfig(): Config {
  try {
    loadDotEnv();
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export async function serve(): Promise<http.Server> {
  // Node's own cache of compiled code for the built bundle: a restart starts sooner. Set here, not on
  // the command line, so that `npm start`, `npm run serve` and `node scripts/serve.ts` all have it.
  enableCompileCache(fileURLToPath(new URL('../node_modules/.cache/node-compile', import.meta.url)));
  const config = readConfig();
  // One shop (one pool) for the whole process: the built bundle's getShop() answers this one.
  const shop = await openShop(config).catch((error: unknown) =>
    failToStart(describeStartupError(error, config, 'database')),
  );
  // A catalogue larger than one server holds in memory is refused, in one line (src/server/search/catalogue-fits.ts).
  const tooLarge = await catalogueTooLarge(shop.database.db, config.searchIndexAnimals);
  if (tooLarge) {
    await shop.close();
    failToStart(tooLarge);
  }
  useShop(shop);
  // The index is read while the pages' bundle loads; listenWhenRead waits for it (and logs its failure).
  const indexRead = shop.catalogue.readSearchIndex();
  indexRead.catch(() => {});

  // The build this server serves until it stops: dist resolved now, and marked as in use, so that a
  // rebuild beside it writes another folder and leaves this one (scripts/build-folders.ts).
  const build = currentBuild(ROOT);
  if (!build || !existsSync(join(build, 'server/entry.mjs')))
    failToStart('There is no build of the shop: run `npm run build` first (or `npm start`, which builds).');
  servedBuild = await holdBuild(build);
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler } = (await import(pathToFileURL(join(build, 'server/entry.mjs')).href)) as {
    handler: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  };
  const edge = createEdge({
    api: shop.api,
    config,
    pages: handler,
    cache: shop.cache,
    catalogueVersion: shop.catalogueVersion,
    contentVersion: shop.contentVersion,
  });
  // Checks before anything else answers (src/server/http/guard.ts).
  const guard = createGuard({ ...config, clerk: () => clerkBrowserSettings() });

  const health = createHealth({ catalogueVersion: shop.catalogueVersion });
  const logger = createLogger(config);
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
  // The search's catalogue index is read before the server listens: no shopper is answered from a
  // partial index (src/server/operations/listen-when-read.ts); ready once it is.
  await listenWhenRead({
    readSearchIndex: () => indexRead,
    serving: () => health.serving(),
    listen: () =>
      new Promise<void>((resolve) => {
        server.once('error', (error) => failToStart(describeStartupError(error, config, 'listen')));
        server.listen(config.port, config.host, resolve);
      }),
  });
  const scrapes = metricsServer(metrics, config);
  if (scrapes)
    await new Promise<void>((resolve) => {
      scrapes.once('error', (error: NodeJS.ErrnoException) =>
        failToStart(
          `METRICS_PORT=${config.metrics.port} METRICS_HOST=${config.metrics.host}: ${error.code ?? error.message}`,
        ),
      );
      scrapes.listen(config.metrics.port, config.metrics.host, resolve);
    });
  const where = config.database.kind === 'sqlite' ? `SQLite ${config.database.path}` : 'PostgreSQL';
  console.log(`חנות התיפלצים: http://${config.host}:${config.port} (${where})`);
  // Scheduled backups (BACKUP_EVERY), beside the shoppers (src/server/operations/backup-schedule.ts).
  const backups = scheduleBackups({
    config,
    backups: shop.backups,
    say: (line) => logger.info({ kind: 'backup' }, line),
  });

  const stop = createShutdown({
    server,
    health,
    drainMs: config.shutdownDrainMs,
    graceMs: SHUTDOWN_GRACE_MS,
    close: async () => {
      scrapes?.close();
      await backups.stop();
      await shop.close();
      servedBuild?.release();
    },
  });
  const onSignal = (signal: string) => void stop(signal).then((code) => logger.flush(() => process.exit(code)));
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  serve().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
