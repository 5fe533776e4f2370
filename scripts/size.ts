/**
 * `npm run size`: the JavaScript each page loads, gzip, against its budget.
 * Builds when the build is stale and serves it (scripts/start.ts) on a free port with a
 * throwaway database, loads every page in Chromium with an empty cache, sums the scripts
 * it fetched plus its inline scripts (gzip), prints a table and exits 1 when a page is
 * over its budget. A page this build does not have yet is reported as missing.
 *
 * Then the HTML of the pages with a size target, as the server sends it to a browser that accepts
 * brotli (the bytes on the wire), against the targets: `/products` ≤ 12 KB, an animal page ≤ 10 KB
 * (docs/decisions/0012-first-paint-pictures-and-stylesheet.md). Those are printed, not enforced yet. `--animals N` serves a generated
 * catalogue of N animals instead of the seed catalogue (the targets are set for 100,000).
 */
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { KB, measureInFreshContext } from './page-weight.ts';
import { startThrowawayShop } from './throwaway-shop.ts';

const { values: options } = parseArgs({ options: { animals: { type: 'string' } } });
const syntheticAnimals = options.animals === undefined ? undefined : Number(options.animals);
if (syntheticAnimals !== undefined && !(Number.isInteger(syntheticAnimals) && syntheticAnimals > 0)) {
  console.error('size: --animals takes a whole positive number');
  process.exit(2);
}

/** The bytes of a page's body as sent to a browser that accepts brotli, and the encoding used. */
function wireSize(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const asked = request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'none') }));
      response.on('error', reject);
    });
    asked.on('error', reject);
    asked.end();
  });
}

/** Pages whose content needs no island: header controls only. */
const LIGHT = 10 * KB;
/** Pages with an island (showcase, animals list, animal, contact form). */
const ISLAND = 110 * KB;

async function firstOf<T>(url: string, pick: (body: T) => string | undefined): Promise<string | undefined> {
  try {
    const response = await fetch(url);
    return response.ok ? pick((await response.json()) as T) : undefined;
  } catch {
    return undefined;
  }
}

const { base, stop } = await startThrowawayShop('size', syntheticAnimals === undefined ? {} : { syntheticAnimals });

let failed = false;
try {
  const slug = await firstOf<{ slug: string }[]>(`${base}/api/categories`, (body) => body[0]?.slug);
  const animal = await firstOf<{ animals: { _id: string }[] }>(
    `${base}/api/animals/search?search=&sort=name&limit=1`,
    (body) => body.animals[0]?._id,
  );
  const pages: { path: string; budget: number }[] = [
    { path: '/about', budget: LIGHT },
    { path: '/categories', budget: LIGHT },
    { path: `/categories/${slug ?? 'unknown'}`, budget: LIGHT },
    { path: '/404', budget: LIGHT },
    { path: '/', budget: ISLAND },
    { path: '/products', budget: ISLAND },
    { path: `/products/${animal ?? 'unknown'}`, budget: ISLAND },
    { path: '/contact', budget: ISLAND },
  ];

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const rows: string[][] = [['page', 'KB gzip', 'budget', '']];
  try {
    for (const { path, budget } of pages) {
      const weight = await measureInFreshContext(browser, `${base}${path}`);
      // Every path but /404 itself answers 404 when this build lacks the page.
      const missing = path === '/404' ? weight.status !== 404 : weight.status === 404;
      const over = !missing && weight.gzip > budget;
      failed ||= over;
      rows.push([
        path,
        missing ? '—' : (weight.gzip / KB).toFixed(1),
        `${budget / KB} KB`,
        missing ? 'missing' : over ? 'OVER' : 'OK',
      ]);
    }
  } finally {
    await browser.close();
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => [...row[column]!].length)));
  console.log('');
  for (const row of rows)
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
  console.log('');
  console.log(failed ? 'Some pages are over their JavaScript budget.' : 'Every page is within its JavaScript budget.');

  console.log(
    `\nHTML on the wire, ${syntheticAnimals ? `${syntheticAnimals.toLocaleString('en')} animals` : 'seed catalogue'}:`,
  );
  for (const { path, target } of [
    { path: '/products', target: 12 * KB },
    { path: `/products/${animal ?? 'unknown'}`, target: 10 * KB },
  ]) {
    // The first answer renders the page; the second is the kept copy, as most shoppers get it.
    await wireSize(`${base}${path}`);
    const { bytes, encoding } = await wireSize(`${base}${path}`);
    const verdict = bytes <= target ? 'OK' : 'over target';
    console.log(`${path}  ${(bytes / KB).toFixed(1)} KB ${encoding}  target ${target / KB} KB  ${verdict}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  stop();
}
process.exit(failed ? 1 : 0);
