/**
 * `npm start`: builds the shop when the build is missing, older than the sources or made with other
 * build-time settings (scripts/build-check.ts), then serves the production build (scripts/serve.ts). The
 * build writes a new folder and switches `dist` to it when complete (scripts/build-folders.ts): a server
 * already running on the former build keeps serving it.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleBuildReason } from './build-check.ts';
import { readConfig, serve } from './serve.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

// A wrong setting stops the start at once, naming it, rather than after a build that does not read it.
readConfig();
const stale = staleBuildReason(root);
if (stale) {
  console.log(`npm start: building the shop (astro build): ${stale}…`);
  const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await serve();
