/**
 * The production server: reads and validates the configuration, migrates and seeds the database, then
 * serves the current build through src/server/server.ts (the front, the guard, the edge) once the search's
 * index is read. Run after `astro build`: `node scripts/serve.ts`.
 *
 * Stateless, so that several of these can serve one PostgreSQL database behind a load balancer.
 * SIGTERM or SIGINT shuts down gracefully (src/server/operations/shutdown.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import type http from 'node:http';
import { enableCompileCache } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createShutdown } from '../src/server/operations/shutdown.ts';
import { ConfigError, loadConfig, loadDotEnv, type Config } from '../src/server/config.ts';
import { openShop, useShop } from '../src/server/shop.ts';
import { catalogueTooLarge } from '../src/server/search/index.ts';
import { createShopServer } from '../src/server/server.ts';
import { describeStartupError } from '../src/server/startup-errors.ts';
import { currentBuild, holdBuild } from './build-folders.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The lock on the build this process serves: held (referenced) for as long as the process runs. */
let servedBuild: Awaited<ReturnType<typeof holdBuild>>;

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
    if (error instanceof ConfigError) failToStart(error.message);
    throw error;
  }
}

export async function serve(): Promise<http.Server> {
  // Set here, not on the command line, so that `npm start`, `npm run serve` and `node scripts/serve.ts` all have it.
  enableCompileCache(fileURLToPath(new URL('../node_modules/.cache/node-compile', import.meta.url)));
  const config = readConfig();
  const shop = await openShop(config).catch((error: unknown) =>
    failToStart(describeStartupError(error, config, 'database')),
  );
  const tooLarge = await catalogueTooLarge(shop.database.db, config.searchIndexAnimals);
  if (tooLarge) {
    await shop.close();
    failToStart(tooLarge);
  }
  useShop(shop);
  // Read while the pages' bundle loads; listen() waits for this reading.
  shop.catalogue.readSearchIndex().catch(() => {});

  // dist resolved once and held, so that a rebuild beside this server writes another folder (scripts/build-folders.ts).
  const build = currentBuild(ROOT);
  if (!build || !existsSync(join(build, 'server/entry.mjs')))
    failToStart('There is no build of the shop: run `npm run build` first (or `npm start`, which builds).');
  servedBuild = await holdBuild(build);
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler } = (await import(pathToFileURL(join(build, 'server/entry.mjs')).href)) as {
    handler: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  };
  // The server modules the pages import, loaded now: a source changed beside this server is not mixed in later.
  const serverModules = join(build, 'server/server-modules.json');
  if (existsSync(serverModules))
    for (const name of JSON.parse(readFileSync(serverModules, 'utf8')) as string[]) await import(name);

  const shopServer = createShopServer({ shop, pages: handler });
  await shopServer.listen().catch((error: unknown) => failToStart((error as Error).message));
  const stop = createShutdown({
    server: shopServer.server,
    health: shopServer.health,
    drainMs: config.shutdownDrainMs,
    graceMs: config.shutdownGraceMs,
    close: async () => {
      await shopServer.close();
      await shop.close();
      servedBuild?.release();
    },
  });
  const onSignal = (signal: string) =>
    void stop(signal).then((code) => shopServer.logger.flush(() => process.exit(code)));
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
  // Said last: whoever waits for this line (a process manager, the tests) may signal the server from then on.
  const where = config.database.kind === 'sqlite' ? `SQLite ${config.database.path}` : 'PostgreSQL';
  console.log(`חנות התיפלצים: http://${config.host}:${config.port} (${where})`);
  return shopServer.server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  serve().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
