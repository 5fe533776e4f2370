import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create, type Font } from 'fontkitten';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { animalPreview, categoryPreview, shopPreview } from '../../src/features/seo/preview/content.server.ts';
import { previewSvg, renderPreview } from '../../src/features/seo/preview/render.server.ts';
import { loadShopFonts, missingCharacters, visualOrder } from '../../src/features/seo/preview/text.server.ts';
import type { Animal, Category } from '../../src/lib/schemas.ts';

const category: Category = {
  _id: 'c'.repeat(24),
  slug: 'pocket-pets',
  name: 'חיות כיס',
  description: '',
  img: '/art/categories/pocket-pets.svg',
};
const animal: Animal = {
  _id: 'a'.repeat(24),
  slug: 'usb-hamster',
  name: 'אוגר USB',
  description: '',
  img: '/art/animals/usb-hamster.svg',
  price: 12_500,
  countInStock: 3,
  rating: 4,
  numReviews: 2,
  category: 'pocket-pets',
};

/** Heebo's Latin subset alone: the shop's font with its Hebrew missing. */
function latinOnly(): Font[] {
  const folder = join(dirname(createRequire(import.meta.url).resolve('@fontsource-variable/heebo/LICENSE')), 'files');
  return [create(readFileSync(join(folder, 'heebo-latin-wght-normal.woff2'))) as Font];
}

/** Grey pixels of the text column (right of the art): the layout's 740, 80 and 420 px at 800/1200 of its size. */
async function textColumn(png: Buffer): Promise<Buffer> {
  return sharp(png).extract({ left: 493, top: 53, width: 280, height: 280 }).greyscale().raw().toBuffer();
}

/** One of each kind of preview the shop draws. */
const previews = [
  ['an animal', animalPreview(animal, category)],
  ['a category', categoryPreview(category, 1234)],
  ['the shop', shopPreview()],
] as const;

describe('link preview pictures', () => {
  it.each(previews)('%s: an 800×420 PNG of at most 25 KB', async (_, content) => {
    const png = await renderPreview(content);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 800, 420]);
    expect(png.length).toBeLessThanOrEqual(25 * 1024);
  });

  it.each(previews)('%s: the palette picture stays close to the drawing in full colour', async (_, content) => {
    const pixels = (image: Buffer) => sharp(image).removeAlpha().raw().toBuffer();
    const drawing = await pixels(Buffer.from(previewSvg(content)));
    const picture = await pixels(await renderPreview(content));
    let squares = 0;
    for (let i = 0; i < drawing.length; i++) squares += (drawing[i]! - picture[i]!) ** 2;
    const psnr = 10 * Math.log10((255 * 255 * drawing.length) / squares);
    expect(psnr).toBeGreaterThan(40);
  });

  it('has every letter of the name and price in the shop font', () => {
    const content = animalPreview(animal, category);
    expect(content.highlight).toBe('₪12,500');
    for (const text of [content.title, content.highlight!, content.kicker, content.note!])
      expect(missingCharacters(text)).toEqual([]);
    expect(missingCharacters('שלום', latinOnly())).toEqual(['ש', 'ל', 'ו', 'ם']);
  });

  it('draws Hebrew letters, not the boxes of a font without them', async () => {
    const content = animalPreview(animal, category);
    const [withFont, withoutHebrew] = await Promise.all([
      renderPreview(content, loadShopFonts()).then(textColumn),
      renderPreview(content, latinOnly()).then(textColumn),
    ]);
    let differing = 0;
    for (let i = 0; i < withFont.length; i++) if (Math.abs(withFont[i]! - withoutHebrew[i]!) > 64) differing++;
    // The Hebrew words cover thousands of pixels; with boxes instead, they differ.
    expect(differing).toBeGreaterThan(2000);
    // And the same font twice gives the same picture (the difference is the letters, not noise).
    const again = await renderPreview(content, loadShopFonts()).then(textColumn);
    expect(again.equals(withFont)).toBe(true);
  });

  it('lays text out right to left, keeping Latin words and numbers in their own order', () => {
    expect(visualOrder('אוגר USB').join('')).toBe('USB רגוא');
    expect(visualOrder('₪12,500').join('')).toBe('₪12,500');
    expect(visualOrder('דג (זהב)').join('')).toBe('(בהז) גד');
    expect(visualOrder('20 במלאי').join('')).toBe('יאלמב 20');
    expect(visualOrder('מ A B ל').join('')).toBe('ל A B מ');
  });
});
