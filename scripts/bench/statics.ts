/**
 * Static files for `npm run bench`: which ones to measure (found in the pages themselves, since their
 * names carry build hashes) and what the server says about caching and compressing them.
 */
import { httpGet } from './http-get.ts';

/** What a browser sends for a static file: the bench asks with the same, so compression is measured. */
export const BROWSER_ACCEPT_ENCODING = { 'accept-encoding': 'br, gzip' };

interface StaticFile {
  label: string;
  path: string;
}

/** The headers a static file is answered with (asked as a browser asks). */
export interface StaticHeaders {
  cacheControl: string;
  contentEncoding: string;
}

/**
 * A JavaScript file and a font from the home page (its scripts and its stylesheet, inline or linked),
 * a catalogue picture under /art/, and /favicon.svg.
 */
export async function findStaticFiles(base: string): Promise<StaticFile[]> {
  const html = (await httpGet(`${base}/`)).body.toString();
  let styles = html;
  for (const [, href] of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g))
    styles += (await httpGet(new URL(href!, base))).body.toString();
  const script = /(?:src|component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
  const font = /url\(["']?(\/_astro\/[^)"']+\.woff2)/.exec(styles)?.[1];
  const picture = /<img[^>]+src="(\/art\/[^"]+)"/.exec(html)?.[1];
  const files: StaticFile[] = [];
  if (script) files.push({ label: 'a script (/_astro/*.js)', path: script });
  if (font) files.push({ label: 'a font (/_astro/*.woff2)', path: font });
  if (picture) files.push({ label: 'a picture (/art/*)', path: picture });
  files.push({ label: 'the icon', path: '/favicon.svg' });
  return files;
}

export async function staticHeaders(base: string, path: string): Promise<StaticHeaders> {
  const { headers } = await httpGet(new URL(path, base), BROWSER_ACCEPT_ENCODING);
  return {
    cacheControl: headers['cache-control'] ?? '(none)',
    contentEncoding: headers['content-encoding'] ?? '(none)',
  };
}
