/**
 * `npm run lighthouse`: Lighthouse's SEO category on every indexable route, which must score 100.
 * Builds when the build is stale and serves it (scripts/start.ts) on a free port with a throwaway
 * database, runs Lighthouse (the CLI, Debian's Chromium through CHROME_PATH) on each route and
 * prints each score with the audits that failed; exits 1 when a route scores under 100.
 * Not part of `npm test` (about 10 s per route). The 404 page is left out: its status is the point.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage';

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

async function waitForServer(base: string, child: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/categories`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start within 3 minutes');
}

interface Report {
  categories: { seo: { score: number | null } };
  audits: Record<string, { score: number | null; scoreDisplayMode: string; title: string }>;
}

function seoReport(url: string): Report {
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--only-categories=seo',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed on ${url}: ${run.stderr.slice(-2000)}`);
  return JSON.parse(run.stdout) as Report;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const folder = mkdtempSync(join(tmpdir(), 'shop-lighthouse-'));
const server = spawn(process.execPath, [join(root, 'scripts/start.ts')], {
  cwd: root,
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_PATH: join(folder, 'shop.db'),
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let failed = false;
try {
  await waitForServer(base, server);
  const categories = (await (await fetch(`${base}/api/categories`)).json()) as { slug: string }[];
  const search = (await (await fetch(`${base}/api/animals/search?limit=1`)).json()) as { animals: { _id: string }[] };
  const routes = [
    '/',
    '/categories',
    `/categories/${categories[0]?.slug}`,
    '/products',
    '/products?sort=price&page=2',
    `/products/${search.animals[0]?._id}`,
    '/about',
    '/contact',
    '/sign-in',
  ];
  for (const route of routes) {
    const report = seoReport(`${base}${route}`);
    const score = Math.round((report.categories.seo.score ?? 0) * 100);
    const problems = Object.entries(report.audits)
      .filter(([, audit]) => audit.scoreDisplayMode === 'binary' && audit.score !== null && audit.score < 1)
      .map(([id, audit]) => `${id} (${audit.title})`);
    console.log(`${String(score).padStart(3)}  ${route}${problems.length ? `  — ${problems.join('; ')}` : ''}`);
    if (score < 100) failed = true;
  }
} finally {
  server.kill('SIGTERM');
  rmSync(folder, { recursive: true, force: true });
}
if (failed) {
  console.error('Lighthouse SEO: a route scores under 100');
  process.exit(1);
}
