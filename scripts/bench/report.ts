/**
 * The bench's report (scripts/bench.ts): every run's tables as Markdown, printed and written to
 * bench-results/<date>.md, with the raw figures in bench-results/<date>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { DialectName } from '../../src/server/db/database.ts';
import { changeBehindTable, type ChangeBehindFigures } from './change-behind.ts';
import type { CrawlFigures } from './crawl.ts';
import { distinctTable, type DistinctFigures } from './distinct-searches.ts';
import { BACKUP_TARGET, duringBackupTable, type DuringBackupFigures } from './during-backup.ts';
import { LOGGING_TARGET, loggingTable, type LoggingRow } from './logging-cost.ts';
import { LOGGING_ROUNDS } from './options.ts';
import { pagesTable, type ColdFigures, type PageFigures } from './pages.ts';
import { similarTable, SIMILAR_TARGET_MS, type SimilarFigures } from './similar.ts';
import { BROWSER_ACCEPT_ENCODING } from './statics.ts';
import { coldTable, loadTable, memoryTable, type MemoryFigures, type Row } from './tables.ts';

/** What one database's run measured. */
export interface DatabaseRun {
  kind: DialectName;
  pageRows: Row[];
  coldRows: (ColdFigures & { database: DialectName })[];
  staticRows: Row[];
  apiRows: Row[];
  hotRows: Row[];
  /** The request log's cost (first database only, unless --no-logging-cost). */
  loggingRows: LoggingRow[];
  pages: (PageFigures & { database: DialectName })[];
  memory: MemoryFigures[];
  crawl: CrawlFigures;
  searches: DistinctFigures[];
  changeBehind: ChangeBehindFigures;
  /** Searches and pages during a scheduled backup (unless --no-backup). */
  duringBackup?: DuringBackupFigures | undefined;
  seedSeconds: number;
}

interface ReportInput {
  root: string;
  animals: number;
  connections: number;
  duration: number;
  freshnessMs: number;
  /** The machine's load average when the bench started. */
  loadBefore: number;
  bare: Row;
  runs: DatabaseRun[];
  /** --logging-cost-only: the request log's cost, measured on a database seeded for it alone. */
  alone?: { kind: DialectName; seedSeconds: number; rows: LoggingRow[] } | undefined;
  /** --change-behind-only: that row alone, per database. */
  changeBehindAlone?: ChangeBehindFigures[] | undefined;
  /** --backup-only: that table alone, per database. */
  duringBackupAlone?: DuringBackupFigures[] | undefined;
  /** Similar animals in process (unless --no-similar). */
  similar?: SimilarFigures | undefined;
}

/** Similar animals in process, as a section (the load average when it began beside it). */
export const similarSection = (figures: SimilarFigures, loadBefore: number) =>
  `## Similar animals, in process: ${figures.animals.toLocaleString('en')} animals, the index built in ${figures.buildSeconds.toFixed(1)} s, load average ${loadBefore.toFixed(1)} before (target: p99 ≤ ${SIMILAR_TARGET_MS} ms)\n\n${similarTable(figures)}`;

const duringBackupSection = (runs: readonly DuringBackupFigures[]) =>
  `## Shoppers during a backup: distinct searches and animal pages without pause while the server's scheduled backup runs, p99 of those asked during it ÷ p99 of those asked in the seconds before (same run; target ≤ ${BACKUP_TARGET})\n\n${duringBackupTable(runs)}`;

const changeBehindSection = (rows: readonly ChangeBehindFigures[]) =>
  `## One change behind the back: searches one at a time before and after a direct SQL update of one animal (target: p99 after ≤ 1.2 × before; ≤ 50 ms of the server's CPU per change)\n\n${changeBehindTable(rows)}`;

/** Writes the report's two files; answers its Markdown. */
export function writeReport({
  root,
  animals,
  connections,
  duration,
  freshnessMs,
  loadBefore,
  bare,
  runs,
  alone,
  changeBehindAlone,
  duringBackupAlone,
  similar,
}: ReportInput): string {
  const date = new Date().toISOString().slice(0, 10);
  const every = (pick: (run: DatabaseRun) => Row[]) => runs.flatMap(pick);
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`;
  const load = `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`;
  const seeded = [...runs, ...(alone ? [alone] : [])];
  const logging = [...runs.flatMap((run) => run.loggingRows), ...(alone?.rows ?? [])];
  const loggingSection = `## Request logging: a cached page and a cached API answer with the server at LOG_LEVEL=info and at silent, alternating, ${LOGGING_ROUNDS} of each (same run; target: logging costs ≤ ${LOGGING_TARGET * 100} % of req/s)\n\n${loggingTable(logging)}`;
  const sections = [
    `Benchmark ${date}: ${animals.toLocaleString('en')} animals, autocannon ${connections} connections × ${duration} s per endpoint over loopback, ${machine}, ${load}. ` +
      `Seeded in ${seeded.map((run) => `${run.seedSeconds.toFixed(1)} s (${run.kind})`).join(', ')}.\n` +
      `Latency in whole milliseconds (autocannon's resolution; 0 means under 1 ms). "answered" counts 2xx answers in the measured run; ` +
      `"failed" counts errors, timeouts and non-2xx answers. Each row's ratios are against the bare server measured just before it ("ceiling"); ` +
      `the first row is the bare server at the start.`,
    ...(runs.length > 0 ? everyTable() : [`## The bare server at the start\n\n${loadTable([], bare)}`]),
    ...(logging.length > 0 ? [loggingSection] : []),
    ...(changeBehindAlone ? [changeBehindSection(changeBehindAlone)] : []),
    ...(duringBackupAlone ? [duringBackupSection(duringBackupAlone)] : []),
    ...(similar ? [similarSection(similar, loadBefore)] : []),
  ];
  function everyTable(): string[] {
    return [
      `## Pages, warm (target: cached pages ≥ 0.9× the ceiling's req/s)\n\n${loadTable(
        every((run) => run.pageRows),
        bare,
      )}`,
      `## Pages, cold: the first answer after a catalogue change behind the server's back (one request at a time, ${freshnessMs} ms after each change)\n\n${coldTable(runs.flatMap((run) => run.coldRows))}`,
      `## Static files (asked with \`Accept-Encoding: ${BROWSER_ACCEPT_ENCODING['accept-encoding']}\`, as a browser asks)\n\n${loadTable(every((run) => run.staticRows))}`,
      `## API (target: cached answers ≥ 0.7× the ceiling's req/s)\n\n${loadTable(every((run) => run.apiRows))}`,
      `## Distinct searches and suggestions, one at a time (each asked once cold, then again warm)\n\n${runs.map((run) => distinctTable(run.kind, run.searches)).join('\n\n')}`,
      changeBehindSection(runs.map((run) => run.changeBehind)),
      ...(runs.some((run) => run.duringBackup)
        ? [duringBackupSection(runs.flatMap((run) => (run.duringBackup ? [run.duringBackup] : [])))]
        : []),
      `## The crawler, then the warm pages again\n\n${loadTable(every((run) => run.hotRows))}`,
      `## Memory (server RSS; the crawl's distinct animal pages 8 at a time, then the settle time)\n\n${memoryTable(runs.flatMap((run) => run.memory))}`,
      `## Pages one request at a time: HTML size gzip-compressed, time to first byte of ${runs[0]?.pages[0]?.requests ?? 0} requests (after 5 warm-up requests)\n\n${pagesTable(runs.flatMap((run) => run.pages))}`,
    ];
  }
  const summary = sections.join('\n\n');
  mkdirSync(join(root, 'bench-results'), { recursive: true });
  writeFileSync(join(root, 'bench-results', `${date}.md`), `${summary}\n`);
  writeFileSync(
    join(root, 'bench-results', `${date}.json`),
    `${JSON.stringify({ date, animals, connections, duration, machine, load, bare, runs, alone, changeBehindAlone, duringBackupAlone, similar }, null, 2)}\n`,
  );
  return summary;
}
