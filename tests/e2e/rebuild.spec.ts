/**
 * A rebuild never breaks a running server (docs/operations.md#deploying-a-new-version): a production
 * server (`node scripts/serve.ts`, port E2E_PORT + 32) is asked for every kind of page, their scripts,
 * styles, fonts and pictures, over and over, with and without If-None-Match, while `npm run build` runs
 * beside it in the same checkout: every answer is 200 or 304. The build switched `dist` to a folder of its
 * own, and the server still serves the build it started with. (The build is made with the main test
 * server's build-time settings, so servers started after it serve the same pages.)
 */
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { throwawayServer, ROOT, type ProductionServer } from '../helpers/production-server.ts';

const E2E_PORT = Number(process.env.E2E_PORT ?? 4400);
const PORT = E2E_PORT + 32;
let server: ProductionServer;
let dispose: (() => Promise<void>) | undefined;
let servedBuild: string;

test.beforeAll(async () => {
  servedBuild = realpathSync(join(ROOT, 'dist'));
  ({ server, dispose } = throwawayServer(PORT, { LOG_LEVEL: 'warn' }));
  await server.start();
});
test.afterAll(async () => {
  await dispose?.();
});

/** What a page names that a browser then loads: scripts, islands' modules, styles, fonts, pictures. */
const REFERENCES =
  /(?:src|href|component-url|renderer-url|before-hydration-url)="(\/(?:_astro|art|fonts|clerk|team|pictures|favicon)[^"]*)"/g;
const CSS_URLS = /url\((?:"|')?(\/[^)"']+)(?:"|')?\)/g;
const JS_IMPORTS = /["'](\.\/[\w.-]+\.js)["']/g;

/** Every page kind and everything they load, found by reading them as a browser would. */
async function everythingServed(base: string, paths: string[]): Promise<string[]> {
  const found = new Set<string>(paths);
  const queue = [...paths];
  while (queue.length > 0) {
    const path = queue.shift()!;
    const answer = await fetch(`${base}${path}`);
    const type = answer.headers.get('content-type') ?? '';
    if (!/html|css|javascript/.test(type)) continue;
    const text = await answer.text();
    const references = [
      ...text.matchAll(type.includes('html') ? REFERENCES : type.includes('css') ? CSS_URLS : JS_IMPORTS),
    ].map((match) => (match[1]!.startsWith('./') ? new URL(match[1]!, `${base}${path}`).pathname : match[1]!));
    for (const reference of references)
      if (!found.has(reference)) {
        found.add(reference);
        queue.push(reference);
      }
  }
  return [...found];
}

test('every page, script and picture answers 200 or 304 while npm run build runs beside the server', async () => {
  test.slow();
  const base = server.url;
  const { animals } = (await (await fetch(`${base}/api/animals/search?search=&sort=name&limit=1`)).json()) as {
    animals: { _id: string }[];
  };
  const [category] = (await (await fetch(`${base}/api/categories`)).json()) as { slug: string }[];
  const pages = [
    '/',
    '/categories',
    `/categories/${category!.slug}`,
    '/products',
    `/products?query=${encodeURIComponent('דרקון')}`,
    `/products/${animals[0]!._id}`,
    '/about',
    '/accessibility',
    '/contact',
    '/sign-in',
    '/admin',
    '/robots.txt',
    '/sitemap.xml',
    `/previews/animals/${animals[0]!._id}.png`,
  ];
  const urls = await everythingServed(base, pages);
  expect(urls.filter((url) => url.startsWith('/_astro/') && url.endsWith('.js')).length).toBeGreaterThan(10);
  expect(urls.some((url) => url.endsWith('.woff2'))).toBe(true);
  const etags = new Map<string, string>();

  const answers = new Map<number, string[]>();
  let rounds = 0;
  const askAll = async () => {
    for (const url of urls) {
      const etag = etags.get(url);
      const answer = await fetch(`${base}${url}`, { headers: etag && rounds % 2 ? { 'If-None-Match': etag } : {} });
      await answer.arrayBuffer();
      const seen = answers.get(answer.status) ?? [];
      seen.push(url);
      answers.set(answer.status, seen);
      const own = answer.headers.get('etag');
      if (own) etags.set(url, own);
    }
    rounds++;
  };

  // The main test server's build-time settings (playwright.config.ts): the new build serves the same pages.
  const build = spawn(process.execPath, ['--run', 'build'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PUBLIC_SITE_URL: `http://127.0.0.1:${E2E_PORT}`,
      PUBLIC_CLERK_PUBLISHABLE_KEY: '',
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  build.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  build.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const built = new Promise<number | null>((resolve) => build.once('exit', resolve));
  let done = false;
  void built.then(() => (done = true));
  while (!done) await askAll();
  // Once more after the switch.
  await askAll();
  expect(await built, output.join('')).toBe(0);

  expect(rounds).toBeGreaterThan(1);
  expect(Object.fromEntries([...answers].filter(([status]) => status !== 200 && status !== 304))).toEqual({});
  expect(answers.get(200)?.length).toBeGreaterThan(0);
  expect(answers.get(304)?.length).toBeGreaterThan(0);

  // dist now names the new build; the server's own is still there, held by it.
  expect(realpathSync(join(ROOT, 'dist'))).not.toBe(servedBuild);
  expect(existsSync(join(servedBuild, 'server/entry.mjs'))).toBe(true);
  expect(server.running).toBe(true);
});
