/** The Markdown tables `npm run bench` prints (scripts/bench.ts). */
import type { ColdFigures } from './pages.ts';
import type { CrawlFigures } from './crawl.ts';
import type { Figures } from './measure.ts';
import type { StaticHeaders } from './statics.ts';

export interface Row extends Figures {
  database: string;
  endpoint: string;
  /**
   * The bare server measured just before this row: on a shared machine the load changes from minute
   * to minute, so each row's ratios are taken against its own adjacent ceiling.
   */
  ceiling?: Figures;
  /** Static files: the answer's Cache-Control and Content-Encoding (asked as a browser asks). */
  headers?: StaticHeaders;
}

/** The nearest-rank quantile `q` (0.5: the median) of `values`; NaN when there are none. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

export function markdown(header: string[], lines: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...lines.map((line) => `| ${line.join(' | ')} |`),
  ].join('\n');
}

const ratio = (value: number | undefined, ceiling: number | undefined) =>
  value === undefined || ceiling === undefined || ceiling === 0
    ? '—'
    : `${(value / ceiling).toFixed(value / ceiling < 0.1 ? 3 : 2)}×`;

/** Rows under load, each beside the bare server measured just before it (`bare` for the first row). */
export function loadTable(rows: Row[], bare?: Row): string {
  const withHeaders = rows.some((row) => row.headers);
  const header = [
    'database',
    'endpoint',
    'req/s',
    'ceiling req/s',
    '× ceiling',
    'p50 ms',
    'p99 ms',
    'ceiling p99 ms',
    'server CPU ms/req',
    '× ceiling',
    'peak RSS MiB',
    'answered',
    'failed',
    ...(withHeaders ? ['Cache-Control', 'Content-Encoding'] : []),
  ];
  const lines = [...(bare ? [bare] : []), ...rows].map((row) => {
    const ceiling = row.ceiling ?? bare ?? row;
    return [
      row.database,
      row.endpoint,
      Math.round(row.requestsPerSecond).toLocaleString('en'),
      Math.round(ceiling.requestsPerSecond).toLocaleString('en'),
      ratio(row.requestsPerSecond, ceiling.requestsPerSecond),
      String(row.p50),
      String(row.p99),
      String(ceiling.p99),
      row.cpuMsPerRequest === undefined ? '—' : row.cpuMsPerRequest.toFixed(3),
      ratio(row.cpuMsPerRequest, ceiling.cpuMsPerRequest),
      row.peakRssMiB === undefined ? '—' : row.peakRssMiB.toFixed(0),
      row.answered.toLocaleString('en'),
      String(row.failures),
      ...(withHeaders ? [`\`${row.headers?.cacheControl ?? '—'}\``, row.headers?.contentEncoding ?? '—'] : []),
    ];
  });
  return markdown(header, lines);
}

export function coldTable(rows: (ColdFigures & { database: string })[]): string {
  return markdown(
    ['database', 'page', 'TTFB median ms', 'TTFB p95 ms', 'changes'],
    rows.map((row) => [
      row.database,
      `\`${row.path}\``,
      row.ttfbMedian.toFixed(1),
      row.ttfbP95.toFixed(1),
      String(row.rounds),
    ]),
  );
}

export interface MemoryFigures {
  database: string;
  idle: number | undefined;
  afterFirstPages: number | undefined;
  crawl?: CrawlFigures | undefined;
  peak: number | undefined;
  settled?: { seconds: number; rss: number | undefined } | undefined;
}

/** The memory targets, in MiB: idle with the index; the crawl's peak and the RSS once settled, above idle. */
const MEMORY_TARGETS = { idle: 230, peakAboveIdle: 200, settledAboveIdle: 100 };

const mib = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(0));
const within = (value: number | undefined, limit: number) =>
  value === undefined ? '—' : value <= limit ? 'yes' : '**no**';

export function memoryTable(rows: MemoryFigures[]): string {
  const { idle, peakAboveIdle, settledAboveIdle } = MEMORY_TARGETS;
  return markdown(
    [
      'database',
      'idle RSS MiB',
      `≤ ${idle}?`,
      'after one request per page',
      'crawl',
      'crawl peak RSS MiB (above idle)',
      `≤ idle + ${peakAboveIdle}?`,
      'RSS after the load MiB (above idle)',
      `≤ idle + ${settledAboveIdle}?`,
      'peak RSS through the bench MiB',
    ],
    rows.map((row) => {
      const above = (value: number | undefined) =>
        value === undefined || row.idle === undefined ? undefined : value - row.idle;
      const peak = row.crawl?.peakRssMiB;
      const settled = row.settled?.rss;
      return [
        row.database,
        mib(row.idle),
        within(row.idle, idle),
        mib(row.afterFirstPages),
        row.crawl
          ? `${row.crawl.pages.toLocaleString('en')} pages × ${row.crawl.concurrency} at a time: ${row.crawl.pagesPerSecond.toFixed(0)} pages/s, ${row.crawl.failures} failed`
          : '—',
        `${mib(peak)} (+${mib(above(peak))})`,
        within(above(peak), peakAboveIdle),
        row.settled ? `${mib(settled)} (+${mib(above(settled))}, ${row.settled.seconds} s after)` : '—',
        within(above(settled), settledAboveIdle),
        mib(row.peak),
      ];
    }),
  );
}
