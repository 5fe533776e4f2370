/**
 * `npm run fonts`: writes the shop's font files (src/features/layout/fonts/, committed), one WOFF2 file
 * per weight of Heebo, each holding every character a line of the shop's text needs: Hebrew (letters,
 * points, punctuation), digits, ASCII punctuation and letters, the typographic punctuation, arrows and
 * the shekel sign — except the Latin letters, which each weight keeps in a small file of their own
 * (`heebo-<weight>-latin.woff2`). A line of Hebrew then needs one file, never a Latin one, and the
 * preloaded files, which share a first visit's slow link with the page's picture, carry no letters that
 * few pages show (docs/decisions/first-paint.md).
 *
 * The source is Google Fonts' Heebo as static TrueType files (@expo-google-fonts/heebo, a pinned
 * devDependency); subset-font (HarfBuzz's subsetter, pinned) cuts each to those characters and writes
 * WOFF2. Only the layout features the shop's text uses are kept (the marks of pointed Hebrew, kerning,
 * ligatures), not the alternates that would pull in glyphs no one sees (fractions, superscripts).
 * Run it again only when the characters or weights change; the build uses the committed files.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'src/features/layout/fonts');
const source = dirname(fileURLToPath(import.meta.resolve('@expo-google-fonts/heebo/package.json')));

/** The weights the shop's classes use (font-normal … font-black) and the folder name of each. */
const WEIGHTS: Record<number, string> = {
  400: '400Regular',
  500: '500Medium',
  600: '600SemiBold',
  700: '700Bold',
  800: '800ExtraBold',
  900: '900Black',
};

const range = (from: number, to: number) =>
  String.fromCodePoint(...Array.from({ length: to - from + 1 }, (_, index) => from + index));

/** The Latin letters (names such as "USB"): their own file per weight, fetched only by a page that shows them. */
const LATIN_LETTERS = range(0x41, 0x5a) + range(0x61, 0x7a);

const FONT_TEXT = [
  range(0x20, 0x40), // ASCII: space, digits, punctuation (the letters are LATIN_LETTERS)
  range(0x5b, 0x60),
  range(0x7b, 0x7e),
  range(0x591, 0x5c7), // Hebrew points and punctuation (maqaf, geresh's neighbours)
  range(0x5d0, 0x5ea), // Hebrew letters
  range(0x5ef, 0x5f4), // geresh, gershayim
  range(0xfb1d, 0xfb4f), // Hebrew presentation forms (pointed letters typed precomposed)
  '\u00a0\u200e\u200f\u25cc', // no-break space, direction marks, the dotted circle a lone point sits on
  '×·©°«»–—‘’‚“”„…•‹›₪←↑→↓↔−≤≥',
].join('');

const FEATURES = ['ccmp', 'locl', 'mark', 'mkmk', 'kern', 'liga', 'rlig', 'calt'];

mkdirSync(out, { recursive: true });
for (const [weight, folder] of Object.entries(WEIGHTS)) {
  const font = readFileSync(join(source, folder, `Heebo_${folder}.ttf`));
  for (const [name, text] of [
    [`heebo-${weight}.woff2`, FONT_TEXT],
    [`heebo-${weight}-latin.woff2`, LATIN_LETTERS],
  ] as const) {
    const subset = await subsetFont(font, text, {
      targetFormat: 'woff2',
      noLayoutClosure: true,
      keepFeatures: FEATURES,
    });
    writeFileSync(join(out, name), subset);
    console.log(`${name}  ${(subset.length / 1024).toFixed(1)} KB`);
  }
}
copyFileSync(join(source, 'LICENSE_FONT'), join(out, 'OFL.txt'));
