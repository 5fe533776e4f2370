/**
 * The static build's preview pictures, kept between builds: each is stored under a hash of what it
 * shows (its SVG) and how it is encoded (the encoding and libvips' version), so a rebuild draws only
 * the previews whose animal, category or drawing changed and copies the rest. They are drawn before
 * the pages, several at a time: the rasterizing runs in libvips' threads, and one job more than there
 * are cores keeps every core busy while this thread lays out a job's next picture. Pictures not named
 * by the build are removed from the store, so it holds one catalogue's previews (a build beside it
 * that needs one of them draws it again: see ./routes/previews.png.ts).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { PREVIEW_ENCODING, rasterize } from '../features/seo/preview/render.server.ts';

/** Beside Astro's own cache of the static build (astro.static.config.mjs cacheDir). */
const PREVIEW_STORE = join(process.cwd(), 'node_modules', '.astro-static', 'previews');

function previewKey(svg: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ encoding: PREVIEW_ENCODING, vips: sharp.versions.vips }))
    .update(svg)
    .digest('hex');
}

interface StoredPreviews {
  /** Each picture's stored file, in the order asked. */
  files: string[];
  drawn: number;
  reused: number;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Every picture's file in `store`, drawing those not stored yet: `svgs(i)` is the i-th picture's
 * SVG, made when its turn comes (a catalogue's SVGs together would not fit in memory).
 */
export async function storePreviews(
  count: number,
  svgs: (index: number) => string,
  store: string = PREVIEW_STORE,
  draw: (svg: string) => Promise<Buffer> = rasterize,
  jobs: number = availableParallelism() + 1,
): Promise<StoredPreviews> {
  await mkdir(store, { recursive: true });
  const result: StoredPreviews = { files: new Array<string>(count), drawn: 0, reused: 0 };
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const svg = svgs(index);
      const file = join(store, `${previewKey(svg)}.png`);
      result.files[index] = file;
      if (await exists(file)) {
        result.reused++;
        continue;
      }
      // Written whole, then renamed: a build stopped half-way leaves no half picture under a good name.
      const partial = `${file}.${process.pid}.${index}.partial`;
      await writeFile(partial, await draw(svg));
      await rename(partial, file);
      result.drawn++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  const named = new Set(result.files.map((file) => file.slice(store.length + 1)));
  for (const name of await readdir(store)) {
    if (!named.has(name) && !name.endsWith('.partial')) await rm(join(store, name), { force: true });
  }
  return result;
}
