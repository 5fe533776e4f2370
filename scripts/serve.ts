/**
 * The production server: Astro's standalone handler (pages, static files, /api) behind
 * compression (brotli or gzip by Accept-Encoding — the adapter sends none by itself).
 * Reads and validates the configuration first, and migrates and seeds the database
 * before it accepts a request. Run after `astro build`: `node scripts/serve.ts`.
 */
import http from 'node:http';
import { constants as zlib } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compression from 'compression';
import { ConfigError, loadConfig, loadDotEnv, type Config } from '../src/server/config.ts';
import { openShop } from '../src/server/shop.ts';

const ENTRY = fileURLToPath(new URL('../dist/server/entry.mjs', import.meta.url));
/** Generated pictures and fonts under public/ change only with a release. */
const LONG_LIVED_PUBLIC = /^\/(?:art|fonts)\//;
/** Clerk's pinned browser bundles (src/features/auth/bundles.ts): the version is in the folder name. */
const VERSIONED_PUBLIC = /^\/clerk\/[\w-]+@\d+\.\d+\.\d+\//;

function readConfig(): Config {
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
  const config = readConfig();
  const shop = await openShop(config);
  await shop.close();

  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler } = (await import(pathToFileURL(ENTRY).href)) as {
    handler: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  };
  const compress = compression({
    threshold: 512,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });

  const server = http.createServer((req, res) => {
    if (req.url && VERSIONED_PUBLIC.test(req.url)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    else if (req.url && LONG_LIVED_PUBLIC.test(req.url)) res.setHeader('Cache-Control', 'public, max-age=86400');
    compress(req as never, res as never, () => handler(req, res));
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const where = config.database.kind === 'sqlite' ? `SQLite ${config.database.path}` : 'PostgreSQL';
  console.log(`חנות התיפלצים: http://${config.host}:${config.port} (${where})`);

  const stop = (signal: string) => {
    console.log(`${signal}: closing`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  serve().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
