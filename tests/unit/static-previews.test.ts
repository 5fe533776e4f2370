/**
 * The static build's preview pictures are kept between builds under a hash of what they show
 * (src/static-site/previews.server.ts): an unchanged preview is copied, not drawn again; a changed
 * one is drawn again; one the catalogue no longer has leaves the store.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { animalPreview } from '../../src/features/seo/preview/content.server.ts';
import { previewSvg } from '../../src/features/seo/preview/render.server.ts';
import type { Animal } from '../../src/lib/schemas.ts';
import { storePreviews } from '../../src/static-site/previews.server.ts';

const owl: Animal = {
  _id: 'a'.repeat(24),
  slug: 'rainbow-owl',
  name: 'ינשוף קשת',
  description: '',
  img: '/art/animals/rainbow-owl.svg',
  price: 2400,
  countInStock: 3,
  rating: 4.5,
  numReviews: 88,
  category: 'sky-creatures',
};
const lizard: Animal = { ...owl, _id: 'b'.repeat(24), slug: 'kite-lizard', name: 'לטאת עפיפון', price: 900 };

let store: string;
beforeEach(() => {
  store = mkdtempSync(join(tmpdir(), 'shop-previews-'));
});
afterEach(() => rmSync(store, { recursive: true, force: true }));

/** A build's previews of `animals`, and which SVGs were drawn. */
async function build(animals: Animal[]) {
  const svgs = animals.map((animal) => previewSvg(animalPreview(animal, undefined)));
  const stored = await storePreviews(svgs.length, (index) => svgs[index]!, store);
  return { ...stored, pictures: stored.files.map((file) => readFileSync(file)) };
}

describe('the static build’s previews between builds', () => {
  it('an unchanged preview is reused, one whose price changed is drawn again, a removed one leaves', async () => {
    const first = await build([owl, lizard]);
    expect([first.drawn, first.reused]).toEqual([2, 0]);
    for (const picture of first.pictures) {
      expect((await sharp(picture).metadata()).format).toBe('png');
      expect(picture.length).toBeLessThanOrEqual(25 * 1024);
    }
    const owlWritten = statSync(first.files[0]!).mtimeMs;

    const same = await build([owl, lizard]);
    expect([same.drawn, same.reused]).toEqual([0, 2]);
    expect(same.files).toEqual(first.files);

    const cheaperLizard = { ...lizard, price: 850 };
    const next = await build([owl, cheaperLizard]);
    expect([next.drawn, next.reused]).toEqual([1, 1]);
    expect(next.files[0]).toBe(first.files[0]);
    expect(statSync(next.files[0]!).mtimeMs).toBe(owlWritten);
    expect(next.files[1]).not.toBe(first.files[1]);
    expect(next.pictures[1]!.equals(first.pictures[1]!)).toBe(false);
    // The old price's picture is gone: the store holds this build's pictures only.
    expect(readdirSync(store).sort()).toEqual(next.files.map((file) => file.slice(store.length + 1)).sort());
  });

  it('draws several at a time and keeps each picture in its place', async () => {
    const animals = [owl, lizard, { ...owl, _id: 'c'.repeat(24), name: 'ינשוף שני', price: 1 }];
    let drawing = 0;
    let most = 0;
    const svgs = animals.map((animal) => previewSvg(animalPreview(animal, undefined)));
    const stored = await storePreviews(
      svgs.length,
      (index) => svgs[index]!,
      store,
      async (svg) => {
        most = Math.max(most, ++drawing);
        const png = await sharp(Buffer.from(svg)).png().toBuffer();
        drawing--;
        return png;
      },
      2,
    );
    expect(most).toBe(2);
    for (const [index, file] of stored.files.entries())
      expect(readFileSync(file).equals(await sharp(Buffer.from(svgs[index]!)).png().toBuffer())).toBe(true);
  });
});
