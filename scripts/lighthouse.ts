/**
 * `npm run lighthouse`: Lighthouse's SEO category on every indexable route, which must score 100.
 * Builds when the build is stale and serves it (scripts/start.ts) on a free port with a throwaway
 * database, runs Lighthouse (the CLI, Debian's Chromium through CHROME_PATH) on each route and
 * prints each score with the audits that failed; exits 1 when a route scores under 100.
 * Not part of `npm test` (each route takes several seconds). The 404 page is left out: its status is the point.
 *
 * `npm run lighthouse -- --performance [--animals 100000] [--runs 3]`: first paint instead (docs/decisions/first-paint.md) —
 * Lighthouse's performance category, mobile (its default: a mid-range phone on a slow 4G link,
 * simulated), on a generated catalogue of that many animals: the home page, the animals list, a search,
 * a category and an animal. Prints the median of `runs` runs of each page's LCP and CLS, the LCP
 * element, and the targets (LCP ≤ 1.5 s, CLS ≤ 0.02); exits 1 when a page misses one.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startThrowawayShop } from './throwaway-shop.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage';

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      score: number | null;
      scoreDisplayMode: string;
      title: string;
      numericValue?: number;
      details?: unknown;
    }
  >;
}

const { values: options } = parseArgs({
  options: {
    performance: { type: 'boolean', default: false },
    animals: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
  },
});

function lighthouse(url: string, category: 'seo' | 'performance'): Report {
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/lighthouse/cli/index.js'),
      url,
      `--only-categories=${category}`,
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

/** The first-paint targets: LCP in ms, CLS. */
const LCP_TARGET = 1500;
const CLS_TARGET = 0.02;

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface DetailItem {
  type?: string;
  snippet?: string;
  nodeLabel?: string;
  subpart?: string;
  duration?: number;
  items?: DetailItem[];
}

/** Lighthouse 13's LCP breakdown (an insight on the page's trace, not simulated): the element and its phases. */
function lcpBreakdown(report: Report): { element: string; phases: string } {
  const items = (report.audits['lcp-breakdown-insight']?.details as { items?: DetailItem[] } | undefined)?.items ?? [];
  const node = items.find((item) => item.type === 'node');
  const phases = items.find((item) => item.type === 'table')?.items ?? [];
  return {
    element: (node?.snippet ?? node?.nodeLabel ?? '—').replace(/\s+/g, ' ').slice(0, 90),
    phases: phases.map((phase) => `${phase.subpart} ${Math.round(phase.duration ?? 0)}`).join(', ') || '—',
  };
}

async function firstPaint(): Promise<boolean> {
  const animals = Number(options.animals);
  const runs = Number(options.runs);
  if (!Number.isInteger(animals) || animals < 1 || !Number.isInteger(runs) || runs < 1) {
    console.error('lighthouse: --animals and --runs take a whole positive number');
    process.exit(2);
  }
  const { base, stop } = await startThrowawayShop('lighthouse', { syntheticAnimals: animals });
  let failed = false;
  try {
    const categories = (await (await fetch(`${base}/api/categories`)).json()) as { slug: string }[];
    const search = (await (await fetch(`${base}/api/animals/search?limit=1`)).json()) as {
      animals: { _id: string }[];
    };
    const routes = [
      '/',
      '/products',
      `/products?query=${encodeURIComponent('קטן')}`,
      `/categories/${categories[0]?.slug}`,
      `/products/${search.animals[0]?._id}`,
    ];
    console.log(
      `Lighthouse performance, mobile (simulated), ${animals.toLocaleString('en')} animals, median of ${runs} runs\n`,
    );
    console.log('| page | LCP ms | CLS | LCP runs ms | LCP element | its phases, observed (ms) | |');
    console.log('|---|---|---|---|---|---|---|');
    for (const route of routes) {
      const reports = Array.from({ length: runs }, () => lighthouse(`${base}${route}`, 'performance'));
      const lcps = reports.map((report) => report.audits['largest-contentful-paint']?.numericValue ?? NaN);
      const clss = reports.map((report) => report.audits['cumulative-layout-shift']?.numericValue ?? NaN);
      const lcp = median(lcps);
      const cls = median(clss);
      const ok = lcp <= LCP_TARGET && cls <= CLS_TARGET;
      const breakdown = lcpBreakdown(reports[lcps.indexOf(lcp)] ?? reports[0]!);
      failed ||= !ok;
      console.log(
        `| \`${decodeURIComponent(route)}\` | ${Math.round(lcp)} | ${cls.toFixed(3)} | ${lcps.map((value) => Math.round(value)).join(', ')} | \`${breakdown.element}\` | ${breakdown.phases} | ${ok ? 'OK' : 'over target'} |`,
      );
    }
  } finally {
    stop();
  }
  if (failed) console.error(`Lighthouse performance: a page misses LCP ≤ ${LCP_TARGET} ms or CLS ≤ ${CLS_TARGET}`);
  return !failed;
}

if (options.performance) process.exit((await firstPaint()) ? 0 : 1);

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
    const report = lighthouse(`${base}${route}`, 'seo');
    const score = Math.round((report.categories.seo?.score ?? 0) * 100);
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
