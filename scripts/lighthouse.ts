/**
 * `npm run lighthouse`: Lighthouse's SEO category on every indexable route, which must score 100.
 * Builds when the build is stale and serves it (scripts/start.ts) on a free port with a throwaway
 * database, runs Lighthouse (the CLI, Debian's Chromium through CHROME_PATH) on each route and
 * prints each score with the audits that failed; exits 1 when a route scores under 100.
 * Not part of `npm test` (each route takes several seconds). The 404 page is left out: its status is the point.
 *
 * `npm run lighthouse -- --performance [--animals 100000] [--runs 3]`: first paint instead (docs/decisions/0012-first-paint-pictures-and-stylesheet.md) —
 * Lighthouse's performance category, mobile (its default: a mid-range phone on a slow 4G link,
 * simulated), on a generated catalogue of that many animals: the home page, the animals list, a search,
 * a category, an animal, the about page and a shared favourites list. Prints the median of `runs` runs of each page's LCP, FCP,
 * TBT and CLS, the LCP element, and the targets (LCP ≤ 1.5 s, FCP ≤ 1.2 s, TBT ≤ 50 ms, CLS ≤ 0.02);
 * exits 1 when a page misses one.
 * `--before DIR` measures another checkout (e.g. the previous commit's, `git worktree add DIR HEAD~1` and
 * `npm ci` there) in the same run, its runs alternating with this one's, and prints each figure as
 * "before → now". `--route TEXT` (repeatable) keeps only the routes that contain one of them (`/` alone: the home page).
 * `--static` measures the static build instead (`npm run build:static` of each checkout, served compressed by
 * scripts/serve-static.ts as a static host serves it), on the seed catalogue unless `--animals` is given:
 * it writes a file per page.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startThrowawayShop, startThrowawayStaticSite, type ThrowawayShop } from './throwaway-shop.ts';

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
    animals: { type: 'string' },
    static: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    before: { type: 'string' },
    // --route TEXT (repeatable): only the first-paint routes containing one of these (e.g. "/products?"; "/" alone: the home page).
    route: { type: 'string', multiple: true, default: [] },
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

/** The first-paint targets: LCP, FCP and TBT in ms, CLS. */
const TARGETS = { lcp: 1500, fcp: 1200, tbt: 50, cls: 0.02 };

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

/** What the page at `url` links to, each once in order: the first group of each match of `pattern` (a global one). */
async function linksIn(url: string, pattern: RegExp): Promise<string[]> {
  const page = await (await fetch(url)).text();
  return [...new Set([...page.matchAll(pattern)].map((match) => match[1]!))];
}

/** The first-paint routes of a served shop: its own first category and first animal, and a list of six. */
async function firstPaintRoutes(base: string): Promise<string[]> {
  let category: string | undefined;
  let animals: string[];
  if (options.static) {
    [category] = await linksIn(`${base}/categories`, /href="\/categories\/([^"/?#]+)\/?"/g);
    animals = await linksIn(`${base}/products`, /href="\/products\/([0-9a-f]{24})\/?"/g);
  } else {
    const categories = (await (await fetch(`${base}/api/categories`)).json()) as { slug: string }[];
    const search = (await (await fetch(`${base}/api/animals/search?limit=6`)).json()) as {
      animals: { _id: string }[];
    };
    category = categories[0]?.slug;
    animals = search.animals.map((animal) => animal._id);
  }
  return [
    '/',
    '/products',
    `/products?query=${encodeURIComponent('קטן')}`,
    `/categories/${category}`,
    `/products/${animals[0]}`,
    '/about',
    // A shared list of six: the cards a shopper's own list shows, read from the address.
    `/favorites?ids=${animals.slice(0, 6).join(',')}`,
  ];
}

interface Measured {
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  lcps: number[];
  element: string;
  phases: string;
}

const AUDITS = {
  lcp: 'largest-contentful-paint',
  fcp: 'first-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
} as const;

/** The median of each figure over the runs; the LCP element and phases of the run with the median LCP. */
function summarise(reports: Report[]): Measured {
  const values = (audit: string) => reports.map((report) => report.audits[audit]?.numericValue ?? NaN);
  const lcps = values(AUDITS.lcp);
  const lcp = median(lcps);
  const { element, phases } = lcpBreakdown(reports[lcps.indexOf(lcp)] ?? reports[0]!);
  return {
    lcp,
    fcp: median(values(AUDITS.fcp)),
    tbt: median(values(AUDITS.tbt)),
    cls: median(values(AUDITS.cls)),
    lcps,
    element,
    phases,
  };
}

const meets = (m: Measured) =>
  m.lcp <= TARGETS.lcp && m.fcp <= TARGETS.fcp && m.tbt <= TARGETS.tbt && m.cls <= TARGETS.cls;

/** A figure, as "before → now" when the run has a before. */
function cell(now: number, was: number | undefined, digits = 0): string {
  const show = (value: number) => value.toFixed(digits);
  return was === undefined ? show(now) : `${show(was)} → ${show(now)}`;
}

async function firstPaint(): Promise<boolean> {
  // The static build writes a file per page: by default it is measured on the seed catalogue.
  const animals = options.animals === undefined ? (options.static ? undefined : 100_000) : Number(options.animals);
  const runs = Number(options.runs);
  if ((animals !== undefined && (!Number.isInteger(animals) || animals < 1)) || !Number.isInteger(runs) || runs < 1) {
    console.error('lighthouse: --animals and --runs take a whole positive number');
    process.exit(2);
  }
  const start = options.static ? startThrowawayStaticSite : startThrowawayShop;
  const after = await start('lighthouse', { syntheticAnimals: animals });
  // --before DIR: another checkout (built or buildable, with its node_modules) served beside this one on
  // its own copy of the same catalogue; each route's runs alternate between the two, so both meet the
  // same moments of the machine.
  let before: ThrowawayShop | undefined;
  let failed = false;
  try {
    if (options.before) before = await start('lighthouse-before', { syntheticAnimals: animals, root: options.before });
    const chosen = (paths: string[]) =>
      options.route.length === 0
        ? paths
        : paths.filter((path) => options.route.some((text) => path === text || (text !== '/' && path.includes(text))));
    const routes = chosen(await firstPaintRoutes(after.base));
    const beforeRoutes = before ? chosen(await firstPaintRoutes(before.base)) : [];
    const build = options.static ? 'the static build' : 'the Node server';
    const catalogue = animals === undefined ? 'the seed catalogue' : `${animals.toLocaleString('en')} animals`;
    console.log(`Lighthouse performance, mobile (simulated), ${build}, ${catalogue}, median of ${runs} runs\n`);
    if (before) console.log(`Each figure before → now; before: ${options.before}\n`);
    console.log('| page | LCP ms | FCP ms | TBT ms | CLS | LCP runs ms | LCP element | its phases, observed (ms) | |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const [index, route] of routes.entries()) {
      const reports: Report[] = [];
      const beforeReports: Report[] = [];
      // A page the other checkout does not have yet is measured on this one alone.
      const beforeUrl = before && `${before.base}${beforeRoutes[index]}`;
      const compared = beforeUrl !== undefined && (await fetch(beforeUrl)).ok;
      for (let run = 0; run < runs; run += 1) {
        if (compared) beforeReports.push(lighthouse(beforeUrl, 'performance'));
        reports.push(lighthouse(`${after.base}${route}`, 'performance'));
      }
      const now = summarise(reports);
      const ok = meets(now);
      failed ||= !ok;
      const was = compared ? summarise(beforeReports) : undefined;
      const cells = [
        `\`${decodeURIComponent(route)}\``,
        cell(now.lcp, was?.lcp),
        cell(now.fcp, was?.fcp),
        cell(now.tbt, was?.tbt),
        cell(now.cls, was?.cls, 3),
        now.lcps.map((value) => Math.round(value)).join(', '),
        `\`${now.element}\``,
        now.phases,
        ok ? 'OK' : 'over target',
      ];
      console.log(`| ${cells.join(' | ')} |`);
    }
  } finally {
    after.stop();
    before?.stop();
  }
  if (failed) {
    const { lcp, fcp, tbt, cls } = TARGETS;
    console.error(
      `Lighthouse performance: a page misses LCP ≤ ${lcp} ms, FCP ≤ ${fcp} ms, TBT ≤ ${tbt} ms or CLS ≤ ${cls}`,
    );
  }
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
