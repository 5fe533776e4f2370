/**
 * The search bench: 200 distinct queries of each kind asked once (cold: no kept answer serves them), then again
 * (warm), over one keep-alive connection, from a Node process of its own so the bench's heap does not pause the
 * clock; the bare node:http server, asked the same way, is the reference row. Up to 10 unmeasured queries per kind
 * compile its code first. Latency is split at 1,000 matches (targets: docs/performance/search.md).
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { otherLayout } from '../../src/lib/search/index.ts';
import { SYNTHETIC_WORDS } from '../../src/server/db/seed/synthetic.ts';
import { markdown, quantile } from './tables.ts';

export const QUERIES_PER_KIND = 200;
const NARROW = 1000;

interface QueryKind {
  kind: string;
  /** Paths under the server's origin, all distinct. */
  paths: string[];
  /**
   * Up to WARM_UP more of the kind, distinct from `paths`, asked first and not measured: they warm the
   * kind's code (compiled on its first runs) as a shop's running server has it, not any answer or match.
   */
  warmUp: string[];
}

const WARM_UP = 10;

const search = (params: Record<string, string | number>) =>
  `/api/animals/search?${new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)]))}&limit=24`;

/** `count` distinct paths `make` makes (fewer if it cannot), then up to WARM_UP more for the warm-up. */
function take(count: number, make: (index: number) => string): Pick<QueryKind, 'paths' | 'warmUp'> {
  const seen = new Set<string>();
  const most = count + WARM_UP;
  for (let index = 0; seen.size < most && index < most * 50; index++) seen.add(make(index));
  const paths = [...seen];
  return { paths: paths.slice(0, count), warmUp: paths.slice(count) };
}

const PREFIXES = ['', 'ה', 'ו', 'ב', 'ל', 'וה', 'ש', 'מה', 'כש', 'לכש', 'שה', 'ול'];

/** The queries of every kind, for a catalogue whose categories are `categorySlugs`. */
export function distinctQueries(categorySlugs: readonly string[], count = QUERIES_PER_KIND): QueryKind[] {
  const { creatures, traits } = SYNTHETIC_WORDS;
  const correctable = creatures.filter((word) => /^\p{L}{4,}$/u.test(word));
  const creature = (index: number) => creatures[index % creatures.length]!;
  const trait = (index: number) => traits[Math.floor(index / creatures.length) % traits.length]!;
  const pair = (index: number) => `${trait(index)} ${creature(index)}`;
  const slug = (index: number) => categorySlugs[index % categorySlugs.length]!;
  const filters: ((index: number) => Record<string, string | number>)[] = [
    (index) => ({ minPrice: 100 + index * 97 }),
    (index) => ({ maxPrice: 200 + index * 131 }),
    () => ({ inStock: 1 }),
    (index) => ({ minRating: ((index * 7) % 50) / 10 }),
    (index) => ({ category: slug(index) }),
  ];
  return [
    // Numbers in the names: each a literal substring, matching a few animals.
    { kind: 'literal', ...take(count, (index) => search({ search: String(1000 + index * 37) })) },
    {
      kind: 'word forms (prefixes, endings)',
      ...take(count, (index) => {
        const prefix = PREFIXES[Math.floor(index / creatures.length) % PREFIXES.length]!;
        const plural = Math.floor(index / (creatures.length * PREFIXES.length)) % 2 === 1 ? 'ים' : '';
        return search({ search: `${prefix}${creature(index)}${plural}` });
      }),
    },
    { kind: 'several words', ...take(count, (index) => search({ search: pair(index) })) },
    {
      kind: 'wrong layout',
      ...take(count, (index) => search({ search: otherLayout(pair(index)) ?? pair(index) })),
    },
    {
      // Words the spelling rule corrects (4 letters or more as typed): a letter dropped from a longer
      // word, two neighbours swapped in a word of 4.
      kind: 'misspelled',
      ...take(count, (index) => {
        const word = correctable[index % correctable.length]!;
        const kept = traits[Math.floor(index / correctable.length) % traits.length]!;
        const at = Math.floor(index / (correctable.length * traits.length)) % (word.length - 1);
        const typo =
          word.length >= 5
            ? `${word.slice(0, at + 1)}${word.slice(at + 2)}`
            : `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`;
        return search({ search: `${typo} ${kept}` });
      }),
    },
    {
      // A word's last letter, then a word: a literal across two words, found through the words its runs
      // lie in (the letter ends too many words). Such texts came with misspellings of two-letter words.
      kind: 'a letter, then a word (literal)',
      ...take(count, (index) => search({ search: `${creature(index).at(-1)} ${trait(index)}` })),
    },
    {
      kind: 'a search with each filter',
      ...take(count, (index) => search({ search: creature(index), ...filters[index % filters.length]!(index) })),
    },
    {
      kind: 'filters alone',
      ...take(count, (index) =>
        search({ minPrice: index * 53, maxPrice: index * 53 + 2000 + index, ...(index % 2 ? { inStock: 1 } : {}) }),
      ),
    },
    {
      kind: 'suggestions (1–6 letters)',
      ...take(count, (index) => {
        const words = [...creatures, ...traits];
        const word = words[index % words.length]!;
        const length = 1 + (Math.floor(index / words.length) % 6);
        const text = length <= word.length ? word.slice(0, length) : String(10 + index);
        return `/api/animals/suggest?${new URLSearchParams({ search: text })}`;
      }),
    },
  ];
}

export interface DistinctFigures {
  kind: string;
  queries: number;
  matchedMedian: number;
  matchedMax: number;
  /** Cold p99 over the queries matching at most 1,000 animals, and over the broader ones. */
  coldNarrowP99: number;
  coldBroadP99: number;
  coldP50: number;
  warmP99: number;
  failures: number;
}

interface Answer {
  ms: number;
  matched: number;
  ok: boolean;
}

/** One keep-alive connection; each answer timed from the request to its last byte. */
function client() {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = (url: string) =>
    new Promise<{ ms: number; status: number; encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      const started = performance.now();
      const asked = request(url, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            ms: performance.now() - started,
            status: response.statusCode ?? 0,
            encoding: response.headers['content-encoding'],
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      });
      asked.on('error', reject);
      asked.end();
    });
  return {
    timed: async (url: string): Promise<Answer> => {
      const { ms, status, encoding, body } = await get(url);
      const plain = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
      const read = JSON.parse(plain.toString('utf8')) as { total?: number; suggestions?: unknown[] };
      return { ms, ok: status === 200, matched: read.total ?? read.suggestions?.length ?? 0 };
    },
    close: () => agent.destroy(),
  };
}

/** One kind's figures from its cold answers and warm times. */
function summarize(kind: string, cold: readonly Answer[], warm: number[]): DistinctFigures {
  const matched = cold.map((answer) => answer.matched);
  const times = (answers: readonly Answer[]) => answers.map((answer) => answer.ms);
  return {
    kind,
    queries: cold.length,
    matchedMedian: quantile(matched, 0.5),
    matchedMax: Math.max(0, ...matched),
    coldNarrowP99: quantile(times(cold.filter((answer) => answer.matched <= NARROW)), 0.99),
    coldBroadP99: quantile(times(cold.filter((answer) => answer.matched > NARROW)), 0.99),
    coldP50: quantile(times(cold), 0.5),
    warmP99: quantile(warm, 0.99),
    failures: cold.filter((answer) => !answer.ok).length,
  };
}

/** The reference row's kind: the bare node:http server (./servers.ts startBare) asked by the same client. */
const BARE_KIND = 'reference: bare node:http server, same client';

/**
 * Asks each kind's warm-up, then every query once (cold), then again (warm), one at a time; then as
 * many distinct paths of the bare server at `bareOrigin`, the same way, as the reference. In a process
 * of its own (this file, run with the queries on stdin).
 */
export async function measureDistinct(
  origin: string,
  kinds: QueryKind[],
  bareOrigin: string,
): Promise<DistinctFigures[]> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  const exited = new Promise<number | null>((resolve, reject) => child.once('exit', resolve).once('error', reject));
  child.stdin.end(JSON.stringify({ origin, kinds, bareOrigin }));
  const code = await exited;
  if (code !== 0) throw new Error(`the search bench's client exited with ${code}`);
  return JSON.parse(Buffer.concat(output).toString('utf8')) as DistinctFigures[];
}

async function measureHere(origin: string, kinds: QueryKind[], bareOrigin: string): Promise<DistinctFigures[]> {
  const { timed, close } = client();
  const figures: DistinctFigures[] = [];
  const reference: QueryKind = {
    kind: BARE_KIND,
    ...take(QUERIES_PER_KIND, (index) => `/?reference=${index}`),
  };
  try {
    for (const { kind, paths, warmUp } of [...kinds, reference]) {
      const base = kind === BARE_KIND ? bareOrigin : origin;
      for (const path of warmUp) await timed(base + path);
      const cold: Answer[] = [];
      for (const path of paths) cold.push(await timed(base + path));
      const warm: number[] = [];
      for (const path of paths) warm.push((await timed(base + path)).ms);
      figures.push(summarize(kind, cold, warm));
    }
  } finally {
    close();
  }
  return figures;
}

const ms = (value: number | null) => (value === null || Number.isNaN(value) ? '–' : value.toFixed(1));

/** The table, as Markdown. */
export function distinctTable(database: string, rows: DistinctFigures[]): string {
  return markdown(
    [
      `${database}: kind`,
      'queries',
      'matched (median / max)',
      'cold p50 ms',
      'cold p99 ms, ≤ 1,000 matches',
      'cold p99 ms, more',
      'warm p99 ms',
      'failed',
    ],
    rows.map((row) => [
      row.kind,
      String(row.queries),
      `${row.matchedMedian} / ${row.matchedMax}`,
      ms(row.coldP50),
      ms(row.coldNarrowP99),
      ms(row.coldBroadP99),
      ms(row.warmP99),
      String(row.failures),
    ]),
  );
}

// The client's process: the queries on stdin, the figures on stdout.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const input: Buffer[] = [];
  for await (const chunk of process.stdin) input.push(chunk as Buffer);
  const { origin, kinds, bareOrigin } = JSON.parse(Buffer.concat(input).toString('utf8')) as {
    origin: string;
    kinds: QueryKind[];
    bareOrigin: string;
  };
  process.stdout.write(JSON.stringify(await measureHere(origin, kinds, bareOrigin)));
}
