/**
 * Shoppers during a backup (`npm run bench`, or alone with --backup-only): the production server as
 * `npm start` runs it, with BACKUP_EVERY set, asked without pause for distinct searches (the API, a
 * different page or order each time, so each is worked out) and distinct animal pages, from
 * `connections` connections, each answer's time noted with when it was asked. The server's scheduled
 * backup then runs at its period's start (SQLite: VACUUM INTO in a worker thread; PostgreSQL: pg_dump);
 * its row in backup_run says when it started and ended. The figure: p99 of the answers asked while it
 * ran ÷ p99 of those asked in the seconds before it, same run, same server (target ≤ 1.5).
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config.ts';
import type { CatalogueRows } from '../../src/server/db/seed/seed.ts';
import { openDatabase, type DialectName, type OpenDatabase } from '../../src/server/db/database.ts';
import { periodOf } from '../../src/server/operations/backup-schedule.ts';
import { COMMON_WORD, PORT } from './options.ts';
import { startShop } from './servers.ts';
import { markdown } from './tables.ts';

/** The backup's period: long enough to start the server and measure the seconds before one. */
const EVERY_SECONDS = 30;
/** The window before the backup, measured as the reference. */
const BEFORE_SECONDS = 8;
/** The ratio the backup may cost shoppers' p99 at most. */
export const BACKUP_TARGET = 1.5;

interface Answer {
  kind: 'search' | 'page';
  /** When it was asked (Unix ms). */
  at: number;
  ms: number;
  ok: boolean;
}

interface Window {
  answers: number;
  p50: number;
  p99: number;
}

export interface DuringBackupFigures {
  database: DialectName;
  backupSeconds: number;
  backupBytes: number;
  /** By kind: before the backup, and while it ran. */
  rows: { kind: Answer['kind']; before: Window; during: Window; failed: number }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const wallClock = () => performance.timeOrigin + performance.now();

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function windowOf(answers: Answer[]): Window {
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return { answers: times.length, p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

/** Asks `next()`'s paths from `connections` keep-alive connections until `running()` is false. */
async function load(
  base: string,
  connections: number,
  next: (lane: number) => { kind: Answer['kind']; path: string },
  running: () => boolean,
): Promise<Answer[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const answers: Answer[] = [];
  const ask = (path: string) =>
    new Promise<boolean>((resolve) => {
      const request = http.get(`${base}${path}`, { agent }, (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode === 200));
      });
      request.once('error', () => resolve(false));
    });
  await Promise.all(
    Array.from({ length: connections }, async (_, lane) => {
      while (running()) {
        const { kind, path } = next(lane);
        const at = wallClock();
        const ok = await ask(path);
        answers.push({ kind, at, ms: wallClock() - at, ok });
      }
    }),
  );
  agent.destroy();
  return answers;
}

/** The scheduled backup of the period starting at `start`: when it started and ended, and its size. */
const backupOf = (database: OpenDatabase, start: number) =>
  database.db
    .selectFrom('backup_run')
    .select(['started_at', 'finished_at', 'outcome', 'bytes', 'problem'])
    .where('period', '=', periodOf(start, EVERY_SECONDS).name)
    .executeTakeFirst();

export async function measureDuringBackup(
  kind: DialectName,
  databaseEnv: Record<string, string>,
  rows: CatalogueRows,
  connections: number,
  log: (message: string) => void,
): Promise<DuringBackupFigures> {
  const folder = mkdtempSync(join(tmpdir(), 'shop-bench-backups-'));
  const env = { ...databaseEnv, BACKUP_EVERY: `${EVERY_SECONDS}s`, BACKUP_KEEP: '1', BACKUP_DIR: folder };
  const server = await startShop(PORT, env);
  const database = await openDatabase(loadConfig({ DATABASE_URL: '', ...databaseEnv }).database);
  try {
    // The period whose backup is measured: one that leaves the seconds before it free of any other.
    let start = periodOf(Date.now(), EVERY_SECONDS).start + EVERY_SECONDS * 1000;
    if (start - Date.now() < (BEFORE_SECONDS + 2) * 1000) start += EVERY_SECONDS * 1000;
    log(
      `${kind}: shoppers from ${BEFORE_SECONDS} s before the backup at ${new Date(start).toISOString()} until it ends…`,
    );
    await sleep(start - BEFORE_SECONDS * 1000 - Date.now());
    let done = false;
    const watching = (async () => {
      try {
        for (;;) {
          await sleep(250);
          if (Date.now() < start) continue;
          const row = await backupOf(database, start);
          if (row?.finished_at) return row;
          if (Date.now() > start + 600_000) throw new Error('the backup did not end within 10 minutes');
        }
      } finally {
        done = true;
      }
    })();
    let turn = 0;
    const answers = await load(
      server.url,
      connections,
      (lane) => {
        turn += 1;
        if (lane % 2 === 0) {
          const sort = turn % 2 ? 'name' : 'price';
          const page = 1 + ((turn * 7919) % 3000);
          return {
            kind: 'search',
            path: `/api/animals/search?search=${encodeURIComponent(COMMON_WORD)}&sort=${sort}&limit=24&page=${page}`,
          };
        }
        return { kind: 'page', path: `/products/${rows.animals[(turn * 104_729) % rows.animals.length]!.id}` };
      },
      () => !done,
    );
    const backup = await watching;
    if (backup.outcome !== 'good') throw new Error(`the backup failed: ${backup.problem ?? 'no reason'}`);
    const began = Date.parse(backup.started_at);
    const ended = Date.parse(backup.finished_at!);
    const figures: DuringBackupFigures = {
      database: kind,
      backupSeconds: (ended - began) / 1000,
      backupBytes: Number(backup.bytes ?? 0),
      rows: (['search', 'page'] as const).map((answerKind) => {
        const mine = answers.filter((answer) => answer.kind === answerKind);
        return {
          kind: answerKind,
          before: windowOf(
            mine.filter((answer) => answer.ok && answer.at < start && answer.at >= start - BEFORE_SECONDS * 1000),
          ),
          during: windowOf(mine.filter((answer) => answer.ok && answer.at >= began && answer.at <= ended)),
          failed: mine.filter((answer) => !answer.ok).length,
        };
      }),
    };
    return figures;
  } finally {
    await database.close();
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

export function duringBackupTable(runs: readonly DuringBackupFigures[]): string {
  return markdown(
    [
      'database',
      'asked',
      'backup s',
      'backup MiB',
      'answers before',
      'p99 before ms',
      'answers during',
      'p99 during ms',
      'p99 during ÷ before',
      'failed',
    ],
    runs.flatMap((run) =>
      run.rows.map((row) => [
        run.database,
        row.kind === 'search' ? 'distinct searches (API)' : 'distinct animal pages',
        run.backupSeconds.toFixed(1),
        (run.backupBytes / 1024 / 1024).toFixed(1),
        String(row.before.answers),
        row.before.p99.toFixed(1),
        String(row.during.answers),
        row.during.p99.toFixed(1),
        `${(row.during.p99 / row.before.p99).toFixed(2)}×`,
        String(row.failed),
      ]),
    ),
  );
}
