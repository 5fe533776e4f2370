/**
 * `npm run fonts`: the shop's Heebo files (src/features/layout/fonts/, committed) and fonts.css, one WOFF2 per weight
 * with every character a line of Hebrew text needs and the Latin letters in a small file of their own, so a line of
 * Hebrew needs one file and the preloaded ones carry nothing few pages show (docs/decisions/0018-fonts.md).
 * subset-font (HarfBuzz) keeps only the layout features the text uses. Run it again only when characters or weights change.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'src/features/layout/fonts');
const source = dirname(fileURLToPath(import.meta.resolve('@expo-google-fonts/heebo/package.json')));

/**
 * The weights the shop's classes use and the folder name of each: text is regular or bold (two files on the
 * first screen), and black is the not-found page's numerals alone.
 */
const WEIGHTS: Record<number, string> = {
  400: '400Regular',
  700: '700Bold',
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

const FONTS_CSS_HEADER = `/*
 * Heebo, self-hosted. Written by \`npm run fonts\` (scripts/fonts.ts), which makes the files: edit there.
 * Per weight, one file holds every character of the shop's text but the Latin letters (Hebrew, digits,
 * punctuation) and a small one the Latin letters, which the browser fetches only for a page that shows
 * one (\`unicode-range\`). A line of Hebrew needs one file. \`optional\`: the browser uses a face only if it
 * is there by the first paint (the preloaded ones usually are; a later visit finds them cached) and never
 * paints the text again in another font (docs/decisions/0018-fonts.md).
 */
`;

const FEATURES = ['ccmp', 'locl', 'mark', 'mkmk', 'kern', 'liga', 'rlig', 'calt'];

/** Each weight's two files: the name's ending and the characters each holds. */
const FILES = [
  ['', FONT_TEXT],
  ['-latin', LATIN_LETTERS],
] as const;

/** A CSS `unicode-range` naming exactly `text`'s characters, runs of neighbours joined. */
function unicodeRange(text: string): string {
  const points = [...new Set([...text].map((character) => character.codePointAt(0)!))].sort((a, b) => a - b);
  const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, '0');
  const runs: string[] = [];
  for (let at = 0; at < points.length;) {
    let end = at;
    while (end + 1 < points.length && points[end + 1] === points[end]! + 1) end++;
    runs.push(end === at ? `U+${hex(points[at]!)}` : `U+${hex(points[at]!)}-${hex(points[end]!)}`);
    at = end + 1;
  }
  return runs.join(', ');
}

mkdirSync(out, { recursive: true });
const faces: string[] = [];
for (const [weight, folder] of Object.entries(WEIGHTS)) {
  const font = readFileSync(join(source, folder, `Heebo_${folder}.ttf`));
  for (const [ending, text] of FILES) {
    const name = `heebo-${weight}${ending}.woff2`;
    faces.push(
      `@font-face {\n  font-family: 'Heebo';\n  font-style: normal;\n  font-weight: ${weight};\n` +
        `  font-display: optional;\n  src: url('./fonts/${name}') format('woff2');\n` +
        `  unicode-range: ${unicodeRange(text)};\n}\n`,
    );
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
// The faces' ranges are the files' characters, so a page asks for the Latin file exactly when it shows a
// letter only that file holds.
writeFileSync(join(out, '..', 'fonts.css'), `${FONTS_CSS_HEADER}\n${faces.join('\n')}`);
console.log('fonts.css');
