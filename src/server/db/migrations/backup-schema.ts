/**
 * Migration 0019: a row per backup taken or tried (../backup/backup-runs.ts). A scheduled backup first
 * inserts its period's row; the period is unique, so of several servers on one database exactly one
 * inserts it and takes that backup.
 */
import type { Kysely } from 'kysely';

export async function backupRuns(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('backup_run')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('period', 'text')
    .addColumn('started_at', 'text', (column) => column.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('file', 'text')
    .addColumn('bytes', 'bigint')
    .addColumn('problem', 'text')
    .addColumn('taken_by', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('backup_run_period_idx').on('backup_run').column('period').unique().execute();
  await db.schema.createIndex('backup_run_outcome_idx').on('backup_run').columns(['outcome', 'finished_at']).execute();
}
