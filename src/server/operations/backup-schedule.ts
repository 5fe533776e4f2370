/**
 * Scheduled backups (BACKUP_EVERY): periods counted from 1970 in UTC, so every server agrees on them; at a period's
 * start each server claims it in the database and the one that wins takes the backup. A failed one leaves every earlier one.
 */
import type { Config } from '../config.ts';
import { describeBackup, pruneBackups, takeBackup } from '../db/backup/backups.ts';
import type { BackupState } from '../shop.ts';
import { logFailure } from './error-log.ts';

type Timer = (run: () => Promise<void>, ms: number) => { cancel(): void };

interface ScheduleOptions {
  config: Pick<Config, 'database' | 'backup'>;
  backups: BackupState;
  /** The clock (Unix ms) and the timer: tests drive both. */
  now?: () => number;
  timer?: Timer;
  say?: (line: string) => void;
}

const realTimer: Timer = (run, ms) => {
  const timeout = setTimeout(() => void run(), ms);
  timeout.unref();
  return { cancel: () => clearTimeout(timeout) };
};

/** The start of the period `at` falls in, and the period's name (unique per length and start). */
export function periodOf(at: number, everySeconds: number): { start: number; name: string } {
  const length = everySeconds * 1000;
  const start = Math.floor(at / length) * length;
  return { start, name: `${everySeconds}s@${new Date(start).toISOString()}` };
}

export interface BackupSchedule {
  /** No more backups; resolves once one under way has finished. */
  stop(): Promise<void>;
}

/** Starts the schedule (nothing when BACKUP_EVERY is unset). */
export function scheduleBackups({
  config,
  backups,
  now = Date.now,
  timer = realTimer,
  say = console.log,
}: ScheduleOptions): BackupSchedule {
  if (config.backup.everySeconds === undefined) return { stop: async () => {} };
  const every = config.backup.everySeconds;
  let running: Promise<void> | undefined;
  let pending: { cancel(): void } | undefined;
  let stopped = false;

  async function take(period: string, at: Date): Promise<void> {
    const id = await backups.runs.claim(period, at);
    if (!id) return; // another server took this period's
    try {
      const taken = await takeBackup(config.database, config.backup.dir, { at });
      await backups.runs.finish(id, new Date(now()), { outcome: 'good', file: taken.file, bytes: taken.bytes });
      backups.forget();
      const removed = pruneBackups(config.backup.dir, config.backup.keep, now());
      say(`backup: ${describeBackup(taken)}${removed.length ? `; removed ${removed.join(', ')}` : ''}`);
    } catch (error) {
      backups.failures++;
      logFailure('backup', error);
      await backups.runs
        .finish(id, new Date(now()), {
          outcome: 'failed',
          problem: error instanceof Error ? error.message : String(error),
        })
        .catch(() => {}); // the database may be what failed (a full disk): the log and the count say it
    }
  }

  async function tick(start: number): Promise<void> {
    pending = undefined;
    if (stopped) return;
    arm();
    // One at a time per server: a backup longer than the period leaves the next period to another server.
    if (running) return;
    const period = periodOf(start, every);
    running = take(period.name, new Date(now()))
      .catch((error: unknown) => {
        backups.failures++;
        logFailure('backup', error);
      })
      .finally(() => {
        running = undefined;
      });
    await running;
  }

  function arm(): void {
    const next = periodOf(now(), every).start + every * 1000;
    pending = timer(() => tick(next), next - now());
  }

  arm();
  return {
    async stop() {
      stopped = true;
      pending?.cancel();
      await running;
    },
  };
}
