/**
 * The production build served for a measuring script (size, lighthouse): scripts/start.ts (which
 * builds when the build is stale) on a free port with a throwaway SQLite database, ready when the
 * API answers; or the static build, served as a static host serves it. `stop()` ends the server and
 * removes the database.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ownRoot = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Waits until `url` answers (the server's API, or a static site's file). */
async function waitForServer(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start within 3 minutes');
}

/** A free port, a folder for a throwaway database, and the environment that names the database. */
async function throwawayPlace(name: string) {
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), `shop-${name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_PATH: join(folder, 'shop.db'),
    DATABASE_URL: '',
    // The command's own report is what its reader wants; a request line per page and file would bury it.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  return { port, base: `http://127.0.0.1:${port}`, folder, env };
}

export interface ThrowawayShop {
  base: string;
  stop: () => void;
}

/**
 * `syntheticAnimals`: the database holds a generated catalogue of that many animals
 * (`npm run seed -- --synthetic N`) instead of the shop's own seed catalogue.
 * `root`: the checkout to serve (another commit's, with its own node_modules), by default this one.
 */
export async function startThrowawayShop(
  name: string,
  { syntheticAnimals, root = ownRoot }: { syntheticAnimals?: number | undefined; root?: string } = {},
): Promise<ThrowawayShop> {
  const { port, base, folder, env } = await throwawayPlace(name);
  Object.assign(env, { HOST: '127.0.0.1', PORT: String(port) });
  if (syntheticAnimals !== undefined) {
    const seeded = spawnSync(
      process.execPath,
      [join(root, 'scripts/seed.ts'), '--synthetic', String(syntheticAnimals)],
      {
        cwd: root,
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    if (seeded.status !== 0) {
      rmSync(folder, { recursive: true, force: true });
      throw new Error(`seeding ${syntheticAnimals} animals failed`);
    }
    env.SEED_ON_START = 'false';
  }
  const server = spawn(process.execPath, [join(root, 'scripts/start.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitForServer(`${base}/api/categories`, server);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}

/**
 * The static build of `root` (`npm run build:static` → its dist-static/) from a throwaway SQLite database
 * holding the seed catalogue, or `syntheticAnimals` generated ones, served by scripts/serve-static.ts as a
 * static host serves it (brotli or gzip) on a free port. The build writes a file per page, so a large
 * catalogue takes long.
 */
export async function startThrowawayStaticSite(
  name: string,
  { syntheticAnimals, root = ownRoot }: { syntheticAnimals?: number | undefined; root?: string } = {},
): Promise<ThrowawayShop> {
  const { port, base, folder, env } = await throwawayPlace(name);
  Object.assign(env, { PUBLIC_API_URL: '', PUBLIC_SITE_URL: base });
  const run = (args: string[]) =>
    spawnSync(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const seed = syntheticAnimals === undefined ? [] : ['--synthetic', String(syntheticAnimals)];
  if (run([join(root, 'scripts/seed.ts'), ...seed]).status !== 0 || run(['--run', 'build:static']).status !== 0) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`the static build of ${root} failed`);
  }
  const server = spawn(
    process.execPath,
    [join(root, 'scripts/serve-static.ts'), join(root, 'dist-static'), String(port)],
    {
      cwd: root,
      env: { ...env, HOST: '127.0.0.1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitForServer(`${base}/`, server);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}
