/**
 * Hebrew text as SVG paths, in the shop's font (Heebo, the same files the pages use), right to
 * left. The rasterizer then needs no fonts at all: a preview looks the same on every server.
 * Bidi is kept to what names and prices need: words with a Hebrew letter run right to left
 * (mirrored brackets), runs of other words (Latin, digits, '₪12,500') keep their own order.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create, type Font, type Glyph } from 'fontkitten';

const HEBREW = /[\u0590-\u05FF\uFB1D-\uFB4F]/;
const LTR = /[A-Za-z0-9\u00C0-\u024F]/;
const MIRROR: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '<': '>',
  '>': '<',
  '{': '}',
  '}': '{',
};

/** The shop's font files (Hebrew and Latin subsets of Heebo), loaded once. */
let shopFonts: Font[] | undefined;
export function loadShopFonts(): Font[] {
  if (!shopFonts) {
    const require = createRequire(import.meta.url);
    const folder = join(dirname(require.resolve('@fontsource-variable/heebo/LICENSE')), 'files');
    shopFonts = ['heebo-hebrew-wght-normal.woff2', 'heebo-latin-wght-normal.woff2'].map(
      (file) => create(readFileSync(join(folder, file))) as Font,
    );
  }
  return shopFonts;
}

/** The characters in visual order, left to right, for a right-to-left line. */
export function visualOrder(text: string): string[] {
  const words = text.split(/( +)/).filter(Boolean);
  // A word is left to right only with a Latin letter or a digit and no Hebrew letter; spaces between
  // two such words belong to their run. Everything else runs right to left, brackets mirrored.
  const isLtr = (word: string | undefined) => word !== undefined && LTR.test(word) && !HEBREW.test(word);
  const runs: string[][] = [];
  let ltr: string[] | undefined;
  words.forEach((word, index) => {
    const inLtr = isLtr(word) || (/^ +$/.test(word) && ltr !== undefined && isLtr(words[index + 1]));
    if (inLtr) {
      if (!ltr) runs.push((ltr = []));
      ltr.push(...Array.from(word));
    } else {
      ltr = undefined;
      runs.push(
        Array.from(word)
          .reverse()
          .map((c) => MIRROR[c] ?? c),
      );
    }
  });
  return runs.reverse().flat();
}

interface Placed {
  glyph: Glyph;
  font: Font;
}

function glyphsOf(characters: readonly string[], fonts: readonly Font[]): Placed[] {
  return characters.map((character) => {
    const codePoint = character.codePointAt(0) ?? 0;
    const font = fonts.find((candidate) => candidate.hasGlyphForCodePoint(codePoint)) ?? fonts[0];
    if (!font) throw new Error('preview text: no font');
    return { glyph: font.glyphForCodePoint(codePoint), font };
  });
}

/** Characters of `text` that none of the fonts has (they would show as boxes). */
export function missingCharacters(text: string, fonts: readonly Font[] = loadShopFonts()): string[] {
  return Array.from(text).filter(
    (c) => !/\s/.test(c) && !fonts.some((font) => font.hasGlyphForCodePoint(c.codePointAt(0) ?? 0)),
  );
}

interface TextLine {
  text: string;
  /** Font size in pixels; shrunk (down to minSize) to fit maxWidth, then cut with '…'. */
  size: number;
  minSize?: number;
  /** The line's right edge (RTL start) and baseline. */
  right: number;
  baseline: number;
  maxWidth: number;
  fill: string;
  /** Extra stroke of the fill colour, for a bolder look (the variable font renders at weight 400). */
  weight?: number;
}

function widthOf(placed: readonly Placed[], size: number): number {
  return placed.reduce((sum, { glyph, font }) => sum + (glyph.advanceWidth * size) / font.unitsPerEm, 0);
}

/** One line as an SVG group of glyph paths, right-aligned at `right`. */
export function textLineSvg(line: TextLine, fonts: readonly Font[] = loadShopFonts()): string {
  let characters = visualOrder(line.text);
  let placed = glyphsOf(characters, fonts);
  let size = line.size;
  const minSize = line.minSize ?? line.size;
  if (widthOf(placed, size) > line.maxWidth)
    size = Math.max(minSize, (0.99 * size * line.maxWidth) / widthOf(placed, size));
  if (widthOf(placed, size) > line.maxWidth) {
    // Cut the logical end (the visual left of a right-to-left line) until it fits, then add '…'.
    let logical = Array.from(line.text);
    do {
      logical = logical.slice(0, -1);
      characters = visualOrder(`${logical.join('').trimEnd()}…`);
      placed = glyphsOf(characters, fonts);
    } while (logical.length > 1 && widthOf(placed, size) > line.maxWidth);
  }
  let x = line.right - widthOf(placed, size);
  const paths: string[] = [];
  for (const { glyph, font } of placed) {
    const scale = size / font.unitsPerEm;
    const d = glyph.path.toSVG();
    // The stroke (weight, in pixels) is drawn in glyph units, inside the scale.
    const stroke = line.weight ? ` stroke-width="${(line.weight / scale).toFixed(1)}"` : '';
    if (d)
      paths.push(
        `<path transform="translate(${x.toFixed(1)} ${line.baseline}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})"${stroke} d="${d}"/>`,
      );
    x += glyph.advanceWidth * scale;
  }
  const stroke = line.weight ? ` stroke="${line.fill}" stroke-linejoin="round"` : '';
  return `<g fill="${line.fill}"${stroke}>${paths.join('')}</g>`;
}
