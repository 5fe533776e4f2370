// @ts-check
/**
 * The static build (`npm run build:static` → dist-static/): the same pages as the Node build, every
 * one prerendered from the configured database at build time, for any static file host. A layer
 * around the same code: each page's composition lives once in src/features/; the routes below are
 * thin entry points (src/static-site/routes/) that read the build's catalogue once
 * (catalogue.server.ts) and pick the static host's strategy (static-settings.server.ts: a file per list
 * page; searches through PUBLIC_API_URL's API or the browser index). No middleware, no API, no Node
 * adapter. See docs/decisions/0007-static-build.md.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import {
  clerkBundles,
  clerkWithoutGlobalScripts,
  islandStylesInStylesheet,
  shopBuildOptions,
  shopDefines,
  shopPrefetch,
} from './astro.config.mjs';
import { readClerkBrowserSettings } from './src/server/clerk-settings.ts';
import { DEFAULT_API_BASE, readPublicApiUrl } from './src/server/config.ts';
import { fitReport, folderFigures } from './src/static-site/fit-report.ts';

/** Each page of a static host and its entry point (src/static-site/routes/, or the Node route when it has nothing to choose). */
const STATIC_ROUTES = {
  '/': 'src/static-site/routes/index.astro',
  '/about': 'src/static-site/routes/about.astro',
  '/accessibility': 'src/static-site/routes/accessibility.astro',
  '/404': 'src/pages/404.astro',
  '/categories': 'src/static-site/routes/categories.astro',
  // Page N of a category is its own file: /categories/{slug}/page/N.
  '/categories/[slug]/[...page]': 'src/static-site/routes/category.astro',
  '/products': 'src/static-site/routes/products.astro',
  '/products/[id]': 'src/static-site/routes/animal.astro',
  '/contact': 'src/static-site/routes/contact.astro',
  '/favorites': 'src/static-site/routes/favorites.astro',
  '/sign-in': 'src/static-site/routes/sign-in.astro',
  '/sign-up': 'src/static-site/routes/sign-up.astro',
  '/auth/clerk-settings.json': 'src/static-site/routes/clerk-settings.json.ts',
  '/search/index.json': 'src/static-site/routes/search-index.json.ts',
  '/search/[...piece].bin': 'src/static-site/routes/search-pieces.ts',
  '/robots.txt': 'src/static-site/routes/robots.txt.ts',
  '/boot/[file]': 'src/pages/boot/[file].ts',
  '/[...sitemap].xml': 'src/static-site/routes/sitemaps.xml.ts',
  '/previews/[...picture].png': 'src/static-site/routes/previews.png.ts',
  '/pictures/[name]': 'src/static-site/routes/pictures.ts',
};

/** @returns {import('astro').AstroIntegration} */
function staticRoutes() {
  return {
    name: 'shop:static-routes',
    hooks: {
      'astro:config:setup': ({ injectRoute }) => {
        for (const [pattern, entrypoint] of Object.entries(STATIC_ROUTES)) {
          injectRoute({ pattern, entrypoint: new URL(entrypoint, import.meta.url), prerender: true });
        }
      },
    },
  };
}

/**
 * At the end of the build: the folder's files, bytes, largest file and the build's time (since the
 * process started), and whether it fits each static host (src/static-site/fit-report.ts).
 * @returns {import('astro').AstroIntegration}
 */
function fitReportAtTheEnd() {
  return {
    name: 'shop:fit-report',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const report = fitReport(await folderFigures(fileURLToPath(dir)), performance.now());
        for (const line of report) logger[line.level](line.text);
      },
    },
  };
}

export default defineConfig({
  output: 'static',
  // No src/static-site/pages/: every route is injected above (and src/middleware.ts, /api stay out).
  srcDir: './src/static-site',
  outDir: './dist-static',
  // Its own cache, so that it can build while the Node build does.
  cacheDir: './node_modules/.astro-static',
  integrations: [react(), clerkWithoutGlobalScripts(), clerkBundles(), staticRoutes(), fitReportAtTheEnd()],
  session: false,
  prefetch: shopPrefetch,
  // No Content-Security-Policy here: a static host sends its own headers (docs/decisions/0007-static-build.md).
  // The stylesheet is one hashed file every page links, as in the Node build (docs/decisions/0012-first-paint-pictures-and-stylesheet.md):
  // fetched once, then every page is its content only.
  build: { format: 'directory', inlineStylesheets: 'never' },
  vite: {
    plugins: [tailwindcss(), islandStylesInStylesheet()],
    build: shopBuildOptions,
    define: {
      ...shopDefines,
      // No Content-Security-Policy (above): nothing to list inline scripts' hashes in.
      'import.meta.env.SHOP_HAS_CSP': 'false',
      // No server of its own to keep a signed-in shopper's favourites: they stay in the browser.
      'import.meta.env.SHOP_HAS_ACCOUNT_API': 'false',
      // Without an API of its own, the header's suggestions come from the browser index (/search/index.json).
      'import.meta.env.SHOP_SUGGEST_FROM_INDEX': JSON.stringify(readPublicApiUrl(process.env) === DEFAULT_API_BASE),
      // Without a usable publishable key nobody is signed in: the header's account control is the link alone.
      'import.meta.env.SHOP_STATIC_SIGN_IN': JSON.stringify(readClerkBrowserSettings(process.env, true).configured),
    },
  },
});
