/**
 * How much JavaScript a page loads: every script the browser fetched until the network
 * went quiet, plus the page's inline scripts, each counted as gzip would send it
 * (zlib's default level, as the server's compression uses). Shared by `npm run size`
 * and the e2e budget tests (which import it from here: nothing imports tests).
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';

export const KB = 1024;

export interface ScriptWeight {
  /** The script's address, or `inline #n`. */
  source: string;
  bytes: number;
  gzip: number;
}

export interface PageWeight {
  status: number;
  scripts: ScriptWeight[];
  /** Sum of the gzip sizes, in bytes. */
  gzip: number;
}

export async function measurePageJs(page: Page, url: string): Promise<PageWeight> {
  const bodies = new Map<string, Promise<Buffer | undefined>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.set(
      response.url(),
      response.body().catch(() => undefined),
    );
  });
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  const inline = await page.$$eval('script:not([src])', (scripts) =>
    scripts
      .map((script) => ({ type: script.getAttribute('type') ?? '', text: script.textContent ?? '' }))
      .filter(({ type }) => !type || type === 'module' || type.includes('javascript'))
      .map(({ text }) => text),
  );
  const scripts: ScriptWeight[] = [];
  for (const [source, body] of bodies) {
    const buffer = await body;
    if (buffer) scripts.push({ source, bytes: buffer.length, gzip: gzipSync(buffer).length });
  }
  inline.forEach((text, index) => {
    const buffer = Buffer.from(text);
    scripts.push({ source: `inline #${index + 1}`, bytes: buffer.length, gzip: gzipSync(buffer).length });
  });
  return { status: response?.status() ?? 0, scripts, gzip: scripts.reduce((sum, script) => sum + script.gzip, 0) };
}

/** Measures in a fresh context (empty cache), so every page pays for all it loads. */
export async function measureInFreshContext(browser: Browser, url: string): Promise<PageWeight> {
  const context = await browser.newContext();
  try {
    return await measurePageJs(await context.newPage(), url);
  } finally {
    await context.close();
  }
}
