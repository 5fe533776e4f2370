/**
 * `npm run size`: the JavaScript each page loads, gzip, against its budget.
 * Builds when the build is stale and serves it (scripts/start.ts) on a free port with a
 * throwaway database, loads every page in Chromium with an empty cache, sums the scripts
 * it fetched plus its inline scripts (gzip), prints a table and exits 1 when a page is
 * over its budget. A page this build does not have yet is reported as missing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { KB, measureInFreshContext } from '../tests/helpers/weight.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Pages whose content needs no island: header controls only. */
const LIGHT = 10 * KB;
/** Pages with an island (showcase, animals list, animal, contact form). */
const ISLAND = 110 * KB;

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

async function firstOf<T>(url: string, pick: (body: T) => string | undefined): Promise<string | undefined> {
  try {
    const response = await fetch(url);
    return response.ok ? pick((await response.json()) as T) : undefined;
  } catch {
    return undefined;
  }
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const folder = mkdtempSync(join(tmpdir(), 'shop-size-'));
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
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  server.kill('SIGTERM');
  rmSync(folder, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
