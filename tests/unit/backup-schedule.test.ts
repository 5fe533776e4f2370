/**
 * The server's scheduled backups (BACKUP_EVERY, BACKUP_KEEP: src/server/operations/backup-schedule.ts)
 * under a clock the test moves: one backup at each period's start, named by it; BACKUP_KEEP of them kept,
 * the oldest removed only once a new one is checked (a failed one removes nothing, and is counted);
 * /metrics tells the last good one's time and size. On
 * PostgreSQL, with two servers on one database, each period's backup is taken once, by one of them.
 */
import { mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createHealth } from '../../src/server/operations/health.ts';
import { createMetrics } from '../../src/server/operations/metrics.ts';
import { scheduleBackups, type BackupSchedule } from '../../src/server/operations/backup-schedule.ts';
import { openShop, type Shop } from '../../src/server/shop.ts';
import { describeOnDatabase } from '../helpers/databases.ts';
import { parseExposition, sampleValue } from '../helpers/prometheus-text.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const HOUR = 3600 * 1000;
/** 2026-12-01 05:30 UTC: the first period starts at 06:00. */
const START = Date.UTC(2026, 11, 1, 5, 30);

/** A clock and timers the test moves: every server's timer due by then runs, together. */
function testClock() {
  let now = START;
  let due: { at: number; run: () => Promise<void> }[] = [];
  return {
    now: () => now,
    timer: (run: () => Promise<void>, ms: number) => {
      const entry = { at: now + ms, run };
      due.push(entry);
      return { cancel: () => (due = due.filter((other) => other !== entry)) };
    },
    /** Moves to `at` and runs what is due, as the servers would at that moment. */
    async advanceTo(at: number) {
      now = at;
      const running = due.filter((entry) => entry.at <= at);
      due = due.filter((entry) => entry.at > at);
      await Promise.all(running.map((entry) => entry.run()));
    },
  };
}

async function backupMetrics(shop: Shop) {
  const metrics = createMetrics({ ...shop, health: createHealth({ catalogueVersion: shop.catalogueVersion }) });
  const exposition = parseExposition(await metrics.text());
  return {
    lastGood: sampleValue(exposition, 'shop_backup_last_success_timestamp_seconds'),
    bytes: sampleValue(exposition, 'shop_backup_last_success_bytes'),
    failures: sampleValue(exposition, 'shop_backup_failures_total'),
  };
}

const stamp = (at: number) =>
  new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

describe('scheduled backups', () => {
  let shop: TestShop;
  let schedule: BackupSchedule | undefined;
  let folder: string;

  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'shop-schedule-'));
    shop = await openTestShop({ BACKUP_EVERY: '1h', BACKUP_KEEP: '2', BACKUP_DIR: folder });
  });
  afterEach(async () => {
    await schedule?.stop();
    await shop.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it('takes one at each period, keeps BACKUP_KEEP, and /metrics tells the last good one', async () => {
    const clock = testClock();
    schedule = scheduleBackups({ config: shop.config, backups: shop.backups, ...clock, say: () => {} });
    expect(await backupMetrics(shop)).toEqual({ lastGood: 0, bytes: 0, failures: 0 });

    await clock.advanceTo(START + HOUR / 2 - 1);
    expect(readdirSync(folder)).toEqual([]);
    for (const hour of [6, 7, 8]) await clock.advanceTo(Date.UTC(2026, 11, 1, hour));
    const files = readdirSync(folder).sort();
    expect(files).toEqual([`shop-${stamp(Date.UTC(2026, 11, 1, 7))}.db`, `shop-${stamp(Date.UTC(2026, 11, 1, 8))}.db`]);

    const runs = await shop.database.db
      .selectFrom('backup_run')
      .select(['kind', 'period', 'outcome', 'file'])
      .orderBy('started_at')
      .execute();
    expect(runs.map(({ kind, period, outcome }) => ({ kind, period, outcome }))).toEqual(
      [6, 7, 8].map((hour) => ({
        kind: 'scheduled',
        period: `3600s@${new Date(Date.UTC(2026, 11, 1, hour)).toISOString()}`,
        outcome: 'good',
      })),
    );
    expect(await backupMetrics(shop)).toEqual({
      lastGood: Date.UTC(2026, 11, 1, 8) / 1000,
      bytes: statSync(join(folder, files[1]!)).size,
      failures: 0,
    });
  });

  it('removes the oldest only once a new one is good: a failed backup leaves the kept ones', async () => {
    const clock = testClock();
    const said: string[] = [];
    schedule = scheduleBackups({
      config: shop.config,
      backups: shop.backups,
      ...clock,
      say: (line) => said.push(line),
    });
    for (const hour of [6, 7]) await clock.advanceTo(Date.UTC(2026, 11, 1, hour));
    const kept = readdirSync(folder).sort();
    expect(kept).toHaveLength(2);

    // The database file is not where the backup looks for it (moved away; the server's own connection goes on).
    const path = shop.config.database.kind === 'sqlite' ? shop.config.database.path : '';
    renameSync(path, `${path}.moved`);
    try {
      await clock.advanceTo(Date.UTC(2026, 11, 1, 8));
    } finally {
      renameSync(`${path}.moved`, path);
    }
    expect(readdirSync(folder).sort()).toEqual(kept);
    expect(await backupMetrics(shop)).toMatchObject({ failures: 1 });
    const failed = await shop.database.db
      .selectFrom('backup_run')
      .select(['outcome', 'problem'])
      .where('period', '=', `3600s@${new Date(Date.UTC(2026, 11, 1, 8)).toISOString()}`)
      .executeTakeFirstOrThrow();
    expect(failed.outcome).toBe('failed');
    expect(failed.problem).toMatch(/unable to open database file/);

    await clock.advanceTo(Date.UTC(2026, 11, 1, 9));
    expect(readdirSync(folder).sort()).toEqual([kept[1], `shop-${stamp(Date.UTC(2026, 11, 1, 9))}.db`]);
    expect(said.at(-1)).toMatch(new RegExp(`removed ${kept[0]}$`));
  });

  it('is off without BACKUP_EVERY', async () => {
    const clock = testClock();
    const config = loadConfig({ DATABASE_PATH: join(folder, 'never.db'), BACKUP_DIR: folder });
    schedule = scheduleBackups({ config, backups: shop.backups, ...clock });
    await clock.advanceTo(START + 10 * HOUR);
    expect(readdirSync(folder)).toEqual([]);
  });
});

describeOnDatabase('postgres', 'scheduled backups, two servers on one PostgreSQL', () => {
  let first: TestShop;
  let second: Shop;
  let folder: string;
  const schedules: BackupSchedule[] = [];

  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'shop-schedule-pg-'));
    const settings = { BACKUP_EVERY: '1h', BACKUP_KEEP: '5', BACKUP_DIR: folder };
    first = await openTestShop(settings, 'postgres');
    if (first.config.database.kind !== 'postgres') throw new Error('a PostgreSQL shop');
    second = await openShop(loadConfig({ ...settings, DATABASE_URL: first.config.database.url, CACHE_ENTRIES: '0' }));
  });
  afterEach(async () => {
    for (const schedule of schedules.splice(0)) await schedule.stop();
    await second.close();
    await first.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it('take each period’s backup once between them: a pg_dump, checked, that both report', async () => {
    const clock = testClock();
    for (const shop of [first, second])
      schedules.push(scheduleBackups({ config: shop.config, backups: shop.backups, ...clock, say: () => {} }));
    for (const hour of [6, 7, 8]) await clock.advanceTo(Date.UTC(2026, 11, 1, hour));

    const runs = await first.database.db.selectFrom('backup_run').select(['period', 'outcome', 'file']).execute();
    expect(runs.map((run) => run.period).sort()).toEqual(
      [6, 7, 8].map((hour) => `3600s@${new Date(Date.UTC(2026, 11, 1, hour)).toISOString()}`),
    );
    expect(runs.every((run) => run.outcome === 'good')).toBe(true);
    expect(readdirSync(folder).sort()).toEqual(
      [6, 7, 8].map((hour) => `shop-${stamp(Date.UTC(2026, 11, 1, hour))}.dump`),
    );
    expect(runs.map((run) => run.file).sort()).toEqual(
      readdirSync(folder)
        .sort()
        .map((name) => join(folder, name)),
    );
    // Whichever took it, both servers report the shop's last good backup.
    for (const shop of [first, second]) {
      expect(await backupMetrics(shop)).toMatchObject({ lastGood: Date.UTC(2026, 11, 1, 8) / 1000, failures: 0 });
    }
  });
});
