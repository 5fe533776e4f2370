/**
 * Similar animals in process (src/lib/search/catalogue-similar.ts): the catalogue index built here from
 * the synthetic catalogue's rows, with the columns the database stores for them (what a server reads
 * at start), then the similar animals of SAMPLES animals spread over the catalogue, each timed alone,
 * after WARM_UP others (compiled on first use, as in a server that has been answering for a while).
 * The reference, measured the same way in the same run: one walk over every shown animal, counting
 * those of the animal's category — what any answer reading the whole catalogue costs at least.
 * Target: p99 ≤ 2 ms at 100,000 animals (docs/performance/search.md).
 */
import {
  CatalogueIndexBuilder,
  catalogueWords,
  similarAnimals,
  type CatalogueIndex,
} from '../../src/lib/search/index.ts';
import type { CatalogueRows } from '../../src/server/db/seed/seed.ts';
import { markdown, quantile } from './tables.ts';

export const SIMILAR_TARGET_MS = 2;
const SAMPLES = 1000;
const WARM_UP = 50;

export interface SimilarFigures {
  animals: number;
  samples: number;
  /** The index built here, seconds. */
  buildSeconds: number;
  similar: { p50: number; p99: number; max: number };
  reference: { p50: number; p99: number; max: number };
  /** How many similar animals each answer had (median). */
  listed: number;
}

/** The index a server reads from the database, made from the rows the seed writes there. */
function indexOf(rows: CatalogueRows): CatalogueIndex {
  const animals = rows.animals
    .map((row) => ({
      id: String(row.id),
      name: String(row.name),
      name_key: String(row.name_key),
      price: Number(row.price),
      category_id: String(row.category_id),
      rating: Number(row.rating),
      count_in_stock: Number(row.count_in_stock),
      search_words: String(row.search_words),
      name_words: String(row.name_words),
      search_text: String(row.search_text),
      description: String(row.description),
    }))
    // Read in name order, as the server reads it.
    .sort((a, b) => (a.name_key < b.name_key ? -1 : a.name_key > b.name_key ? 1 : a.id < b.id ? -1 : 1));
  const forms = new Map<string, string>();
  const builder = new CatalogueIndexBuilder();
  for (const animal of animals) {
    builder.add(animal);
    for (const { word, base } of catalogueWords(animal.name, animal.description))
      if (/\p{L}/u.test(word)) forms.set(word, base);
  }
  return builder.buildNow(
    'bench',
    [...forms].map(([word, base]) => ({ word, base })),
  );
}

const spread = (values: number[]) => ({
  p50: quantile(values, 0.5),
  p99: quantile(values, 0.99),
  max: Math.max(...values),
});

export function measureSimilar(rows: CatalogueRows, samples = SAMPLES): SimilarFigures {
  const started = performance.now();
  const index = indexOf(rows);
  const buildSeconds = (performance.now() - started) / 1000;
  const shown = index.animals;
  const step = Math.max(1, Math.floor(shown.length / (samples + WARM_UP)));
  const picked = Array.from(
    { length: Math.min(shown.length, samples + WARM_UP) },
    (_, at) => shown[(at * step) % shown.length]!,
  );
  const times: number[] = [];
  const references: number[] = [];
  const listed: number[] = [];
  let counted = 0;
  picked.forEach((animal, at) => {
    const from = performance.now();
    const similar = similarAnimals(index, animal.id);
    const similarMs = performance.now() - from;
    const walkFrom = performance.now();
    for (const other of shown) if (other.category === animal.category) counted++;
    const walkMs = performance.now() - walkFrom;
    if (at < WARM_UP) return;
    times.push(similarMs);
    references.push(walkMs);
    listed.push(similar.length);
  });
  if (counted === 0) throw new Error('the reference walk counted nothing');
  return {
    animals: shown.length,
    samples: times.length,
    buildSeconds,
    similar: spread(times),
    reference: spread(references),
    listed: quantile(listed, 0.5),
  };
}

const ms = (value: number) => value.toFixed(2);

export function similarTable(figures: SimilarFigures): string {
  const { similar, reference } = figures;
  return markdown(
    ['', 'p50 ms', 'p99 ms', 'max ms', 'p99 ÷ reference p99', `target (p99)`],
    [
      [
        `similar animals of ${figures.samples} animals (${figures.listed} each)`,
        ms(similar.p50),
        ms(similar.p99),
        ms(similar.max),
        `${(similar.p99 / reference.p99).toFixed(2)}×`,
        `≤ ${SIMILAR_TARGET_MS} ms: ${similar.p99 <= SIMILAR_TARGET_MS ? 'met' : 'NOT met'}`,
      ],
      [
        `reference: one walk over ${figures.animals.toLocaleString('en')} animals`,
        ms(reference.p50),
        ms(reference.p99),
        ms(reference.max),
        '1×',
        '',
      ],
    ],
  );
}
