/**
 * Clerk's browser bundles, served from our own origin (pinned versions) instead of Clerk's CDN.
 *
 * `npm install @clerk/clerk-js` does not resolve on the registry we use, but `npm pack` of the two
 * pinned tarballs works and their browser bundles are self-contained. This script packs them (npm's
 * cache makes later runs offline), checks each tarball against the integrity pinned below, and copies
 * only the browser files (entry + its lazy chunks; a page loads only the chunks it needs) into
 * node_modules/.cache/shop-clerk-bundles/. The `clerkBundles` integration in astro.config.mjs runs
 * this before every build and dev server, copies the folder into the build as /clerk/ and serves it
 * in dev; so `npm ci && npm test` on a fresh clone produces them. Also callable on its own:
 * `node scripts/clerk-bundles.ts`. Without the registry (and no cache) it reports and returns false:
 * the shop still builds, and sign-in then loads the same versions from Clerk's CDN.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { CLERK_JS_FOLDER, CLERK_JS_VERSION, CLERK_UI_FOLDER, CLERK_UI_VERSION } from '../src/lib/clerk-bundles.ts';

interface Bundle {
  /** Folder under CLERK_BUNDLES_DIR and URL path under /clerk/. */
  folder: string;
  spec: string;
  integrity: string;
  entry: string;
  /** Lazy chunks of the entry: `<name>_<marker>_<hash>_<version>.js`, hash read from the entry itself. */
  chunk: (hash: string) => RegExp;
}

const BUNDLES: readonly Bundle[] = [
  {
    folder: CLERK_JS_FOLDER,
    spec: `@clerk/clerk-js@${CLERK_JS_VERSION}`,
    integrity: 'sha512-PcM/x9lzmDU5bQ8jaJjkWYncJbAYL5hlxHG3jkO4SLG39apLqfBuFCaRw27ptIkwRCTJnY+a6Nvml3gk8G1CZA==',
    entry: 'clerk.browser.js',
    chunk: (hash) => new RegExp(`^[\\w-]+_clerk\\.browser_${hash}_${CLERK_JS_VERSION.replaceAll('.', '\\.')}\\.js$`),
  },
  {
    folder: CLERK_UI_FOLDER,
    spec: `@clerk/ui@${CLERK_UI_VERSION}`,
    integrity: 'sha512-EP6Wcf+iqV5hJRMjfmVSOb7wWEgt2DuUOnR3Yv/ULPdmGgGWa64oc4tB4VfD66z8nXgtXqHEXNNnGURAOfQ7vQ==',
    entry: 'ui.browser.js',
    chunk: (hash) => new RegExp(`^[\\w-]+_ui_${hash}_${CLERK_UI_VERSION.replaceAll('.', '\\.')}\\.js$`),
  },
];

/** Where the bundles are kept between builds (one folder per bundle, named as under /clerk/). */
export const CLERK_BUNDLES_DIR = fileURLToPath(new URL('../node_modules/.cache/shop-clerk-bundles/', import.meta.url));
const MARKER = '.complete';

/** Files of a .tar(.gz) archive (ustar, with pax or GNU long names), by path. */
export function readTar(gz: Buffer): Map<string, Buffer> {
  const tar = gunzipSync(gz);
  const files = new Map<string, Buffer>();
  let longName: string | undefined;
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const text = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = Number.parseInt(text(124, 12).trim() || '0', 8);
    const type = text(156, 1) || '0';
    const prefix = text(345, 155);
    const body = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === 'x') {
      longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1] ?? longName;
      continue;
    }
    if (type === 'L') {
      longName = body.toString('utf8').replace(/\0.*$/s, '');
      continue;
    }
    const name = longName ?? (prefix ? `${prefix}/${text(0, 100)}` : text(0, 100));
    longName = undefined;
    if (type === '0' || type === '7') files.set(name, Buffer.from(body));
  }
  return files;
}

function pack(spec: string, into: string): Buffer {
  const result = spawnSync('npm', ['pack', spec, '--pack-destination', into, '--json', '--silent'], {
    cwd: into,
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) throw new Error(`npm pack ${spec} failed: ${(result.stderr || result.stdout || '').trim()}`);
  const [packed] = JSON.parse(result.stdout) as [{ filename: string }];
  return readFileSync(join(into, packed.filename));
}

function install(bundle: Bundle, target: string, work: string): number {
  const tarball = pack(bundle.spec, work);
  const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
  if (integrity !== bundle.integrity) {
    throw new Error(`${bundle.spec}: tarball integrity ${integrity} does not match the pinned ${bundle.integrity}`);
  }
  const files = readTar(tarball);
  const dist = 'package/dist/';
  const entry = files.get(dist + bundle.entry);
  if (!entry) throw new Error(`${bundle.spec}: ${bundle.entry} is missing from the tarball`);
  const hash = /\.h=\(\)=>"([0-9a-f]{6})/.exec(entry.toString('utf8'))?.[1];
  if (!hash) throw new Error(`${bundle.spec}: cannot find the chunk hash in ${bundle.entry}`);
  const chunk = bundle.chunk(hash);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  let count = 0;
  for (const [path, content] of files) {
    const name = path.startsWith(dist) ? path.slice(dist.length) : undefined;
    if (name === undefined || name.includes('/')) continue;
    if (name !== bundle.entry && !chunk.test(name)) continue;
    writeFileSync(join(target, name), content);
    count += 1;
  }
  const license = files.get('package/LICENSE');
  if (license) writeFileSync(join(target, 'LICENSE'), license);
  writeFileSync(join(target, MARKER), `${bundle.integrity}\n`);
  return count;
}

/**
 * Makes sure CLERK_BUNDLES_DIR holds the pinned bundles. Returns true when they are there (already, or
 * fetched now); false, with a warning, when they could not be fetched.
 */
export function ensureClerkBundles(log: (message: string) => void = console.log): boolean {
  const work = mkdtempSync(join(tmpdir(), 'clerk-bundles-'));
  try {
    for (const bundle of BUNDLES) {
      const target = join(CLERK_BUNDLES_DIR, bundle.folder);
      const marker = join(target, MARKER);
      if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === bundle.integrity) continue;
      const count = install(bundle, target, work);
      log(`clerk bundles: ${bundle.spec} → /clerk/${bundle.folder}/ (${count} files)`);
    }
    return true;
  } catch (error) {
    log(
      `clerk bundles: not available (${error instanceof Error ? error.message : String(error)}). ` +
        'The shop builds anyway; sign-in pages would load Clerk from its CDN.',
    );
    return false;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(ensureClerkBundles() ? 0 : 1);
}
