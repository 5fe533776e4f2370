/**
 * A rebuild never changes what a running server serves (docs/operations.md#deploying-a-new-version): each build
 * writes `builds/<time>-<pid>/` and then switches the `dist` link to it in one rename; a server resolves `dist`
 * once at start and holds `servers.lock` meanwhile. Older builds go, except the newest few and any a server holds.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { holdShared, tryExclusive, type HeldLock } from '../src/server/process-lock.ts';
import { BUILD_ENV_STAMP_FILE, stampBuild } from './build-check.ts';

/** Where every build's folder is. */
export const BUILDS = 'builds';
/** The link to the current build. */
export const CURRENT = 'dist';
/** In each build's folder: the lock its running servers hold. */
const SERVERS_LOCK = 'servers.lock';
/** Complete builds kept beside the current one (the previous one is what a quick rollback points back to). */
const KEEP = 3;
/** An incomplete build (a failed or stopped one) younger than this may still be under way. */
const UNDER_WAY_MS = 3600 * 1000;

const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** A new build folder's path (not made yet). */
export function newBuildFolder(root: string, at = new Date()): string {
  return join(root, BUILDS, `${stamp(at)}-${process.pid}`);
}

/** The current build's folder (dist resolved), or undefined when there is no build. */
export function currentBuild(root: string): string | undefined {
  const link = join(root, CURRENT);
  return existsSync(link) ? realpathSync(link) : undefined;
}

/** Points `dist` at `folder` in one rename (a `dist` folder of the former layout moves into builds/ first). */
export function switchCurrent(root: string, folder: string): void {
  const link = join(root, CURRENT);
  if (existsSync(link) && !lstatSync(link).isSymbolicLink()) {
    mkdirSync(join(root, BUILDS), { recursive: true });
    renameSync(link, join(root, BUILDS, `former-${stamp(new Date())}`));
  }
  const next = join(root, `.${CURRENT}-next-${process.pid}`);
  rmSync(next, { force: true });
  symlinkSync(relative(root, folder), next, 'dir');
  renameSync(next, link);
}

/** Removes the builds no one needs: not current, not among the newest complete ones, held by no server. */
export async function removeOldBuilds(root: string, now = Date.now()): Promise<string[]> {
  const folder = join(root, BUILDS);
  if (!existsSync(folder)) return [];
  const current = currentBuild(root);
  const builds = readdirSync(folder)
    .map((name) => join(folder, name))
    .filter((path) => path !== current && statSync(path).isDirectory())
    .sort()
    .reverse();
  const complete = builds.filter((path) => existsSync(join(path, BUILD_ENV_STAMP_FILE)));
  const kept = new Set(complete.slice(0, KEEP - 1));
  const removed: string[] = [];
  for (const path of builds) {
    if (kept.has(path)) continue;
    if (!complete.includes(path) && now - statSync(path).mtimeMs < UNDER_WAY_MS) continue;
    const lock = await tryExclusive(join(path, SERVERS_LOCK));
    if (!lock) continue; // a running server serves it
    try {
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
    } finally {
      lock.release();
    }
  }
  return removed;
}

/**
 * Marks `folder` as served by this process for as long as it runs (the returned lock must be kept: it is
 * released when its handle goes). A folder that cannot take the file (a read-only image) is served
 * unmarked: nothing builds there.
 */
export async function holdBuild(folder: string): Promise<HeldLock | undefined> {
  try {
    return await holdShared(join(folder, SERVERS_LOCK));
  } catch (error) {
    console.error(
      `${folder}: cannot mark this build as in use (${error instanceof Error ? error.message : String(error)}); a rebuild beside this server may remove it`,
    );
    return undefined;
  }
}

/** The Node build's integration: the new folder as Astro's output, and the switch once the build is done. */
export function shopBuildFolders(): AstroIntegration {
  let root: string | undefined;
  let folder: string | undefined;
  return {
    name: 'shop:build-folders',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        if (command !== 'build') return;
        root = fileURLToPath(config.root);
        folder = newBuildFolder(root);
        const outDir = pathToFileURL(`${folder}/`);
        updateConfig({
          outDir,
          build: { client: new URL('client/', outDir), server: new URL('server/', outDir) },
        });
      },
      'astro:build:done': async ({ logger }) => {
        if (!root || !folder) return;
        stampBuild(root, process.env, folder);
        switchCurrent(root, folder);
        const removed = await removeOldBuilds(root);
        logger.info(
          `${CURRENT} → ${relative(root, folder)}${removed.length ? `; removed ${removed.map((path) => relative(root!, path)).join(', ')}` : ''}`,
        );
      },
    },
  };
}
