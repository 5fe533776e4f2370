/**
 * `npm run bench:search-pieces`: what the static host's search downloads. Builds the search index in
 * pieces for a synthetic catalogue in this process (src/lib/search/pieces/, as `npm run build:static`
 * writes it, gzip -9 as it is written), then answers a table of searches and suggestions each from an
 * empty cache, as a shopper's first one, and prints the files and gzip bytes each fetched beside its
 * target; then the files' count, total and largest. Bytes, not time: the figures do not depend on the
 * machine. Exits 1 when a target is missed.
 *
 *   npm run bench:search-pieces [-- --animals 100000]
 */
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { IndexCatalogue } from '../../src/features/animal-list/index-catalogue.ts';
import type { Animal } from '../../src/lib/schemas.ts';
import { buildIndexPieces } from '../../src/lib/search/pieces/index.ts';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';
import { toAnimal } from '../../src/server/db/catalogue/animal-rows.ts';

const { values } = parseArgs({ options: { animals: { type: 'string', default: '100000' } } });
const ANIMALS = Number(values.animals);
if (!Number.isSafeInteger(ANIMALS) || ANIMALS < 1) throw new Error('--animals: a whole number of animals, 1 or more');

const KB = 1000;
const MIB = 1024 * 1024;
/** The targets (bytes of gzip downloaded for the first answer, from an empty cache). */
const NARROW = 300 * KB;
const BROADEST = 1500 * KB;
const SUGGESTIONS = 100 * KB;
const LARGEST_FILE = 10 * MIB;
/** A narrow search matches at most this many animals. */
const NARROW_MATCHES = 1000;

type Row =
  | {
      kind: 'search';
      text: string;
      sort?: 'name' | 'price';
      filters?: Record<string, unknown>;
      note?: string;
      /** Searched first (not counted): the row is a next search, over what that one fetched. */
      after?: string;
    }
  | { kind: 'suggest'; text: string };

const ROWS: Row[] = [
  { kind: 'search', text: String(Math.floor(ANIMALS * 0.12345)), note: 'one animal by its number' },
  { kind: 'search', text: 'דרקון מנומר' },
  { kind: 'search', text: 'דרקון מנומר', sort: 'price' },
  { kind: 'search', text: 'זיקית ענק', filters: { inStock: true, minRating: 4 } },
  { kind: 'search', text: 'גריפון כחול 7' },
  { kind: 'search', text: 'ינשופים ביישנים', note: 'plural forms' },
  { kind: 'search', text: 'הדרקונים המנומרים', note: 'prefix letters and forms' },
  { kind: 'search', text: 'sreui nbunr', note: 'the other keyboard layout' },
  { kind: 'search', text: 'דקרון מנומר', note: 'spelling corrected' },
  { kind: 'search', text: 'Wi-Fi', note: 'a literal with a hyphen' },
  { kind: 'search', text: 'דר', note: 'two letters typed' },
  { kind: 'search', text: 'דרקון מ', note: 'typing the second word' },
  { kind: 'search', text: 'דרקון', note: 'one creature' },
  { kind: 'search', text: 'דרקון מנומר', after: 'דרקון', note: 'after `דרקון`' },
  { kind: 'search', text: 'דרקון', sort: 'price', after: 'דרקון', note: 'after `דרקון` by name' },
  { kind: 'search', text: 'קטן' },
  { kind: 'search', text: 'נולד בהרים' },
  { kind: 'search', text: '', filters: { category: 'pocket-pets' }, note: 'one category' },
  { kind: 'search', text: 'ה', note: 'one letter' },
  { kind: 'search', text: 'ד', note: 'one letter' },
  { kind: 'search', text: 'ן', note: 'one letter (final form)' },
  { kind: 'search', text: '5', note: 'one digit' },
  { kind: 'suggest', text: 'ד' },
  { kind: 'suggest', text: 'דרק' },
  { kind: 'suggest', text: 'מנומר' },
  { kind: 'suggest', text: 'דרקון מ' },
  { kind: 'suggest', text: 'sreu' },
  { kind: 'suggest', text: 'דקרון' },
];

function animalsOf(count: number): { animals: Animal[]; categories: [string, string][] } {
  const { categories, animals } = syntheticCatalogue(count);
  const slugOf = new Map(categories.map((category) => [category.id, category.slug]));
  return {
    categories: categories.map((category) => [category.slug, category.name]),
    animals: animals.map((row) => toAnimal({ ...row, category_slug: slugOf.get(row.category_id)! })),
  };
}

const kilobytes = (bytes: number) => `${(bytes / KB).toLocaleString('en', { maximumFractionDigits: 1 })} KB`;

async function main(): Promise<void> {
  const { animals, categories } = animalsOf(ANIMALS);
  const { manifest, pieces } = buildIndexPieces(animals, categories);
  const gzip = new Map<string, number>();
  let raw = 0;
  let compressed = 0;
  let largest = { name: '', bytes: 0 };
  for (const [name, bytes] of pieces) {
    const size = gzipSync(bytes, { level: 9 }).length;
    gzip.set(name, size);
    raw += bytes.length;
    compressed += size;
    if (size > largest.bytes) largest = { name, bytes: size };
  }
  const manifestBytes = gzipSync(JSON.stringify(manifest), { level: 9 }).length;
  let missed = 0;
  const lines = [
    `Search index in pieces, ${ANIMALS.toLocaleString('en')} synthetic animals: ${(pieces.size + 1).toLocaleString('en')} files, ${kilobytes(raw)} raw, ${kilobytes(compressed + manifestBytes)} gzip; manifest ${kilobytes(manifestBytes)} gzip; largest file ${largest.name}, ${kilobytes(largest.bytes)} (target ≤ 10 MiB: ${largest.bytes <= LARGEST_FILE ? 'met' : 'MISSED'})`,
    '',
    '| first search or suggestion (from an empty cache, unless after another) | matches | files | downloaded (gzip, with the manifest) | target |',
    '|---|---:|---:|---:|---|',
  ];
  if (largest.bytes > LARGEST_FILE) missed++;
  for (const row of ROWS) {
    const fetched: string[] = [];
    const catalogue = IndexCatalogue.open(manifest, async (name) => {
      fetched.push(name);
      return pieces.get(name)!;
    });
    let matches = '';
    let target: number | undefined;
    let label: string;
    if (row.kind === 'search') {
      if (row.after !== undefined) {
        await catalogue.search({ search: row.after, sort: 'name', limit: 24 });
        fetched.length = 0;
      }
      const result = await catalogue.search({ search: row.text, sort: row.sort ?? 'name', limit: 24, ...row.filters });
      matches = result.total.toLocaleString('en');
      const oneCharacter = [...row.text].length === 1;
      target =
        row.after !== undefined
          ? undefined
          : oneCharacter
            ? BROADEST
            : result.total <= NARROW_MATCHES
              ? NARROW
              : undefined;
      const filters = row.filters ? ` ${new URLSearchParams(row.filters as Record<string, string>)}` : '';
      const corrected = result.correctedQuery ? ` → ${result.correctedQuery}` : '';
      label = `search ${row.text ? `\`${row.text}\`` : 'without text'}${row.sort === 'price' ? ' by price' : ''}${filters}${corrected}${row.note ? ` (${row.note})` : ''}`;
    } else {
      matches = String((await catalogue.suggest(row.text)).length);
      target = SUGGESTIONS;
      label = `suggest \`${row.text}\``;
    }
    // A next search has the manifest already.
    const bytes =
      (row.kind === 'search' && row.after !== undefined ? 0 : manifestBytes) +
      fetched.reduce((sum, name) => sum + gzip.get(name)!, 0);
    const met = target === undefined || bytes <= target;
    if (!met) missed++;
    const verdict = target === undefined ? '—' : `≤ ${kilobytes(target)}: ${met ? 'met' : 'MISSED'}`;
    const files = fetched.length + (row.kind === 'search' && row.after !== undefined ? 0 : 1);
    lines.push(`| ${label} | ${matches} | ${files} | ${kilobytes(bytes)} | ${verdict} |`);
  }
  console.log(lines.join('\n'));
  if (missed > 0) {
    console.error(`${missed} target(s) missed`);
    process.exitCode = 1;
  }
}

await main();
