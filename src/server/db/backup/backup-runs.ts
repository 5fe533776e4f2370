/** The record of backups (`backup_run`): every one taken or tried, with its outcome; a scheduled one first claims its unique period. */
import { hostname } from 'node:os';
import { newId } from '../ids.ts';
import type { ShopDatabase } from '../tables.ts';

type BackupKind = 'scheduled' | 'command' | 'before-migration';

/** Rows older than this are removed as new ones are written. */
const KEPT_DAYS = 90;

const takenBy = () => `${hostname()}:${process.pid}`;

export interface LastGoodBackup {
  at: Date;
  bytes: number;
  file: string;
}

export function createBackupRuns(db: ShopDatabase) {
  return {
    /** Claims `period` for this process: the new row's id, or undefined when another process claimed it. */
    async claim(period: string, at: Date): Promise<string | undefined> {
      const id = newId();
      const [result] = await db
        .insertInto('backup_run')
        .values({ id, kind: 'scheduled', period, started_at: at.toISOString(), outcome: 'taking', taken_by: takenBy() })
        .onConflict((conflict) => conflict.column('period').doNothing())
        .execute();
      return Number(result?.numInsertedOrUpdatedRows ?? 0n) > 0 ? id : undefined;
    },

    /** Records a backup started outside the schedule; its row's id. */
    async start(kind: Exclude<BackupKind, 'scheduled'>, at: Date): Promise<string> {
      const id = newId();
      await db
        .insertInto('backup_run')
        .values({ id, kind, period: null, started_at: at.toISOString(), outcome: 'taking', taken_by: takenBy() })
        .execute();
      return id;
    },

    /** Records how the backup `id` ended. */
    async finish(
      id: string,
      at: Date,
      ended: { outcome: 'good'; file: string; bytes: number } | { outcome: 'failed'; problem: string },
    ): Promise<void> {
      await db
        .updateTable('backup_run')
        .set({
          finished_at: at.toISOString(),
          outcome: ended.outcome,
          ...(ended.outcome === 'good'
            ? { file: ended.file, bytes: ended.bytes }
            : { problem: ended.problem.slice(0, 500) }),
        })
        .where('id', '=', id)
        .execute();
      const old = new Date(at.getTime() - KEPT_DAYS * 86_400_000).toISOString();
      await db.deleteFrom('backup_run').where('started_at', '<', old).execute();
    },

    /** The newest good backup, whoever took it. */
    async lastGood(): Promise<LastGoodBackup | undefined> {
      const row = await db
        .selectFrom('backup_run')
        .select(['finished_at', 'bytes', 'file'])
        .where('outcome', '=', 'good')
        .orderBy('finished_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row?.finished_at) return undefined;
      return { at: new Date(row.finished_at), bytes: Number(row.bytes ?? 0), file: row.file ?? '' };
    },
  };
}

export type BackupRuns = ReturnType<typeof createBackupRuns>;
