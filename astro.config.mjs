// @ts-check
import { cpSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import clerk from '@clerk/astro';
import tailwindcss from '@tailwindcss/vite';
import { shopBuildFolders } from './scripts/build-folders.ts';
import { CLERK_BUNDLES_DIR, ensureClerkBundles } from './scripts/clerk-bundles.ts';
import { loadDotEnv, readPublicApiUrl } from './src/server/config.ts';
import { isApiPath } from './src/server/http/api-path.ts';

// PUBLIC_API_URL is baked into the browser code: read and validated with every other setting
// (src/server/config.ts); a wrong value stops the build with a message naming it.
loadDotEnv();
const apiBase = readPublicApiUrl(process.env);
// The installed @clerk/astro's version, which start-clerk.ts reports to Clerk (never written by hand).
const clerkAstroVersion = JSON.parse(
  readFileSync(new URL('./node_modules/@clerk/astro/package.json', import.meta.url), 'utf8'),
).version;

/**
 * Clerk's integration, minus the two scripts it injects into every page: they make every React
 * island wait until Clerk's browser code has loaded. We keep the rest (the `<Show>` component's
 * config module, the types of Astro.locals.auth) and start Clerk ourselves only where it is needed
 * (src/features/auth: the sign-in and sign-up pages, and a signed-in shopper's account menu).
 * The keys are read at run time (src/server/config.ts), so its build-time env schema is off.
 * @returns {import('astro').AstroIntegration}
 */
export function clerkWithoutGlobalScripts() {
  const integration = clerk({ enableEnvSchema: false });
  const setup = integration.hooks['astro:config:setup'];
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      'astro:config:setup': (options) => setup?.({ ...options, injectScript: () => {} }),
    },
  };
}

/**
 * Self-hosted Clerk browser bundles (scripts/clerk-bundles.ts): fetched (pinned, integrity-checked)
 * before a build or the dev server, shipped in the build under /clerk/ and served there in dev.
 * `import.meta.env.SHOP_CLERK_SELF_HOSTED` tells the pages whether they are there (if the registry
 * was unreachable, sign-in falls back to Clerk's CDN; the build never fails for it).
 * @returns {import('astro').AstroIntegration}
 */
export function clerkBundles() {
  let present = false;
  return {
    name: 'shop:clerk-bundles',
    hooks: {
      'astro:config:setup': ({ command, updateConfig, logger }) => {
        if (command === 'build' || command === 'dev') present = ensureClerkBundles((line) => logger.info(line));
        updateConfig({ vite: { define: { 'import.meta.env.SHOP_CLERK_SELF_HOSTED': JSON.stringify(present) } } });
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use('/clerk/', (request, response, next) => {
          const file = join(CLERK_BUNDLES_DIR, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
          if (!file.startsWith(CLERK_BUNDLES_DIR) || !existsSync(file) || !statSync(file).isFile()) return next();
          response.setHeader('content-type', 'text/javascript; charset=utf-8');
          response.end(readFileSync(file));
        });
      },
      'astro:build:done': ({ dir }) => {
        if (present) {
          const filter = (/** @type {string} */ source) => !source.endsWith('.complete');
          cpSync(CLERK_BUNDLES_DIR, fileURLToPath(new URL('clerk/', dir)), { recursive: true, filter });
        }
      },
    },
  };
}

/**
 * `astro dev` answers /api through the production server's handler (src/server/dev-api.ts), loaded in
 * the dev server's module graph beside the pages: the one sender (ETag, 304, CORS) answers there too.
 * @returns {import('astro').AstroIntegration}
 */
export function devApi() {
  return {
    name: 'shop:dev-api',
    hooks: {
      'astro:server:setup': ({ server }) => {
        const ssr = /** @type {{ runner: { import(id: string): Promise<Record<string, any>> } }} */ (
          /** @type {unknown} */ (server.environments.ssr)
        );
        server.middlewares.use((request, response, next) => {
          if (!isApiPath(request.url)) return next();
          ssr.runner
            .import('/src/server/dev-api.ts')
            .then(({ answerApi }) => answerApi(request, response))
            .catch(next);
        });
      },
    },
  };
}

/**
 * Astro writes its islands' one CSS rule (`astro-island, astro-slot, astro-static-slot { display: contents }`)
 * as a `<style>` just before a page's first island, inside <body>, where HTML allows no <style>: the rule is
 * in the stylesheet every page links (src/features/layout/global.css) instead, and this takes the inline copy
 * out of Astro's island prelude (its hydration scripts stay where they are). Astro has no setting for it.
 * Both builds. Should Astro write the prelude otherwise, the build stops here rather than ship the rule twice.
 */
export function islandStylesInStylesheet() {
  const RUNTIME = '/astro/dist/runtime/server/scripts.js';
  const INLINE = '<style>${ISLAND_STYLES}</style>';
  return {
    name: 'shop:island-styles-in-stylesheet',
    /** @param {string} code @param {string} id */
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith(RUNTIME)) return undefined;
      if (!code.includes(INLINE))
        throw new Error(`${RUNTIME} no longer writes ${INLINE}: see islandStylesInStylesheet() in astro.config.mjs`);
      return { code: code.replace(INLINE, ''), map: null };
    },
  };
}

/**
 * The server's modules (src/server/) stay out of the pages' bundle: its chunks import them as
 * `#server/…` (package.json's `imports`: the source files), the modules scripts/serve.ts imports, so Node
 * loads each once per process. The build lists them in server/server-modules.json, which serve.ts loads
 * at start (docs/decisions/0027-one-module-graph.md).
 * @returns {Extract<NonNullable<import('astro').ViteUserConfig['plugins']>[number], { name: string }>}
 */
export function serverModulesFromSource() {
  const SERVER = fileURLToPath(new URL('./src/server/', import.meta.url));
  const imported = new Set();
  return {
    name: 'shop:server-modules-from-source',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !resolved.id.startsWith(SERVER)) return null;
      const id = `#server/${relative(SERVER, resolved.id).replaceAll('\\', '/')}`;
      imported.add(id);
      return { id, external: true };
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'server-modules.json', source: JSON.stringify([...imported].sort()) });
    },
  };
}

/**
 * Instant navigation (src/features/seo/InstantNavigation.astro): every link's page is fetched on
 * hover or keyboard focus, so opening a category or an animal feels immediate. Both builds.
 */
export const shopPrefetch = /** @type {const} */ ({ prefetchAll: true, defaultStrategy: 'hover' });

/** Values baked into the code of both builds (the static one adds its own). */
export const shopDefines = {
  'import.meta.env.PUBLIC_API_URL': JSON.stringify(apiBase),
  'import.meta.env.SHOP_CLERK_ASTRO_VERSION': JSON.stringify(clerkAstroVersion),
  // The Node server answers the header's suggestions itself (GET /api/animals/suggest).
  'import.meta.env.SHOP_SUGGEST_FROM_INDEX': 'false',
  // Its pages carry a Content-Security-Policy (`security.csp` below), which lists our inline scripts' hashes.
  'import.meta.env.SHOP_HAS_CSP': 'true',
  // The server that sent the page answers /api/me: a signed-in shopper's favourites are kept in the account.
  'import.meta.env.SHOP_HAS_ACCOUNT_API': 'true',
};

/**
 * Browser chunks of both builds: React, ReactDOM, its scheduler, the JSX runtime and Astro's React client
 * go into one file, so an island's first request no longer starts a chain of small modules, each found
 * only once the one before has arrived. Pages without an island import none of it.
 */
export const shopBuildOptions = {
  // Fonts stay files, however small (the Latin letters' files are under Vite's inlining limit): the
  // security policy's font-src is 'self', and a file is cached across pages where an inlined copy is not.
  assetsInlineLimit: (/** @type {string} */ file) => (file.endsWith('.woff2') ? false : undefined),
  rolldownOptions: {
    output: {
      codeSplitting: {
        groups: [
          { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/ },
          // The theme's behaviour and @nanostores/persistent (with nanostores' atom) in one file: every
          // page loads it after its first paint, and the recently viewed list, which keeps its animals
          // with the same library, takes it from there rather than from a file of its own.
          {
            name: 'theme-switch',
            test: /[\\/](src[\\/]features[\\/]theme[\\/](theme-switch|store|storage)\.ts|node_modules[\\/]@nanostores[\\/]persistent[\\/])/,
          },
        ],
      },
    },
  },
};

// Pages are server-rendered by default (data pages carry their data in the HTML);
// the 404 page opts into prerendering.
export default defineConfig({
  output: 'server',
  // staticHeaders: prerendered pages get their Content-Security-Policy as a header too (not a <meta>), which
  // the server completes at run time with Clerk's origins (src/server/http/page-policy.ts).
  adapter: node({ mode: 'standalone', staticHeaders: true }),
  // Each build in a folder of its own, `dist` switched to it when complete (scripts/build-folders.ts).
  integrations: [react(), clerkWithoutGlobalScripts(), clerkBundles(), devApi(), shopBuildFolders()],
  server: { port: 4321 },
  // No Astro sessions: nothing a request needs may live in one server's memory or disk
  // (several servers share one PostgreSQL). Any use of sessions fails loudly instead.
  session: false,
  prefetch: shopPrefetch,
  // The one stylesheet is a hashed file that every page links (docs/decisions/0012-first-paint-pictures-and-stylesheet.md): sent once, kept
  // by the browser for good (immutable), so a page's HTML is its content. Inline, it was half of every page's
  // bytes, and a cold load did not paint sooner for it. CSP's style-src allows 'self'.
  build: { inlineStylesheets: 'never' },
  // The about page's Markdown has no code blocks; Shiki's inline styles would need 'unsafe-inline' in the CSP.
  markdown: { syntaxHighlight: false },
  security: {
    // Astro's check answered a cross-site form POST 403 text/plain before the API could answer 415 JSON.
    // Not needed: the production server lets only GET and HEAD reach pages (src/server/http/guard.ts),
    // and the API takes JSON only, which a cross-site form cannot send (CORS preflight).
    checkOrigin: false,
    // Content-Security-Policy of every page (docs/decisions/0009-hardened-server.md): Astro adds the hashes of its
    // scripts and styles; inline scripts of our own add theirs (Astro.csp.insertScriptHash).
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-src 'none'",
        "worker-src 'self'",
      ],
      // Clerk's UI (sign-in, sign-up, the account menu) adds an empty <style> element and fills it through
      // the CSSOM, which the policy allows; the empty element itself needs the hash of the empty string.
      // (With the stylesheet external, Astro happened to list that hash for an empty CSS chunk it inlined.)
      styleDirective: { hashes: ['sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='] },
    },
  },
  vite: {
    plugins: [tailwindcss(), islandStylesInStylesheet(), serverModulesFromSource()],
    define: shopDefines,
    build: shopBuildOptions,
  },
});
