/**
 * `npm run lighthouse`: Lighthouse's SEO category on every indexable route, which must score 100.
 * Builds when the build is stale and serves it (scripts/start.ts) on a free port with a throwaway
 * database, runs Lighthouse (the CLI, Debian's Chromium through CHROME_PATH) on each route and
 * prints each score with the audits that failed; exits 1 when a route scores under 100.
 * Not part of `npm test` (about 10 s per route). The 404 page is left out: its status is the point.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startThrowawayShop } from './throwaway-shop.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage';

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

const { base, stop } = await startThrowawayShop('lighthouse');

let failed = false;
try {
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
  stop();
}
if (failed) {
  console.error('Lighthouse SEO: a route scores under 100');
  process.exit(1);
}
