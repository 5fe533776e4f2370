// @ts-check
/**
 * The static build (`npm run build:static` → dist-static/): the same features, layout and Hebrew
 * texts as the Node build, every page prerendered from the configured database at build time, for
 * any static file host. A layer around the same code: its own thin routes under src/static-site/
 * (no middleware, no API, no Node adapter) render the shop's features and, where they can, the
 * shop's own page components. See docs/decisions/static-build.md.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { clerkBundles, clerkWithoutGlobalScripts, shopDefines, shopPrefetch } from './astro.config.mjs';

/** With PUBLIC_API_URL set at build time the static shop uses that API; otherwise the browser index. */
const apiUrl = process.env.PUBLIC_API_URL?.trim();
const useApi = Boolean(apiUrl) && apiUrl !== '/api';

export default defineConfig({
  output: 'static',
  srcDir: './src/static-site',
  outDir: './dist-static',
  // Its own cache, so that it can build while the Node build does.
  cacheDir: './node_modules/.astro-static',
  integrations: [react(), clerkWithoutGlobalScripts(), clerkBundles()],
  session: false,
  prefetch: shopPrefetch,
  // No Content-Security-Policy here: a static host sends its own headers (docs/decisions/static-build.md).
  build: { format: 'directory' },
  vite: {
    plugins: [tailwindcss()],
    define: { ...shopDefines, 'import.meta.env.SHOP_STATIC_USES_API': JSON.stringify(useApi) },
    resolve: {
      alias: useApi
        ? []
        : [
            // The animals list's searches: the browser index instead of the API (src/static-site/search-source.ts).
            {
              find: /^\.\/search-source\.ts$/,
              replacement: fileURLToPath(new URL('./src/static-site/search-source.ts', import.meta.url)),
            },
          ],
    },
  },
});
