/**
 * Whether `npm start` must build before serving (scripts/start.ts): the build is missing, older than
 * a source, or was made with other build-time settings. `PUBLIC_*` values are baked into the build
 * (the prerendered pages' canonical links, the browser's API address), read from the environment
 * and from the .env files Astro reads in a production build; a hash of them is kept in the build's folder.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

/** What a change in makes the build stale. */
const SOURCES = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
/** The .env files a production build reads, later ones winning (Vite's order); the environment wins over all. */
const ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local'];
const BUILD_TIME = /^PUBLIC_/;
/** In the build's folder: the hash of the build-time settings it was made with (written when the build is complete). */
export const BUILD_ENV_STAMP_FILE = 'build-env.sha256';
const BUILD_ENV_STAMP = `dist/${BUILD_ENV_STAMP_FILE}`;
const BUILT = 'dist/server/entry.mjs';

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

/** The build-time settings a build in `root` would see, as `NAME=value` lines, sorted. */
export function buildTimeSettings(root: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const merged: Record<string, string | undefined> = {};
  for (const file of ENV_FILES) {
    const path = join(root, file);
    if (existsSync(path)) Object.assign(merged, parseEnv(readFileSync(path, 'utf8')));
  }
  for (const [name, value] of Object.entries(env)) if (value !== undefined) merged[name] = value;
  return Object.entries(merged)
    .filter(([name]) => BUILD_TIME.test(name))
    .map(([name, value]) => `${name}=${value ?? ''}`)
    .sort();
}

export function buildEnvHash(root: string, env: NodeJS.ProcessEnv = process.env): string {
  return createHash('sha256').update(buildTimeSettings(root, env).join('\n')).digest('hex');
}

/** Why the build in `root` must be made again, or undefined when it is current. */
export function staleBuildReason(root: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const built = join(root, BUILT);
  if (!existsSync(built)) return 'there is no build';
  const builtAt = statSync(built).mtimeMs;
  const changed = SOURCES.find((source) => newest(join(root, source)) > builtAt);
  if (changed) return `${changed} changed since the last build`;
  const stamp = join(root, BUILD_ENV_STAMP);
  if (!existsSync(stamp)) return 'the build-time settings (PUBLIC_*) of the last build are unknown';
  if (readFileSync(stamp, 'utf8').trim() !== buildEnvHash(root, env)) return 'a build-time setting (PUBLIC_*) changed';
  return undefined;
}

/** Records, after a successful build, the build-time settings it was made with, in its folder (default: dist). */
export function stampBuild(root: string, env: NodeJS.ProcessEnv = process.env, folder = join(root, 'dist')): void {
  writeFileSync(join(folder, BUILD_ENV_STAMP_FILE), `${buildEnvHash(root, env)}\n`);
}
