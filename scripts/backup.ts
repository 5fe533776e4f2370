/**
 * `npm run backup`: one backup of the configured database (DATABASE_PATH or DATABASE_URL) into BACKUP_DIR,
 * taken while the shop runs and writes (src/server/db/backup/backups.ts), checked, recorded in the
 * database (what /metrics reports), and the oldest beyond BACKUP_KEEP removed. Prints the file, its size
 * and what it holds; on failure one line, exit 1, and no file under a backup's name.
 */
import { relative } from 'node:path';
import { ConfigError, loadConfig, loadDotEnv } from '../src/server/config.ts';
import { BackupError, describeBackup, pruneBackups, takeBackup } from '../src/server/db/backup/backups.ts';
import { createBackupRuns } from '../src/server/db/backup/backup-runs.ts';
import { openDatabase } from '../src/server/db/database.ts';

function fail(message: string): never {
  console.error(`backup failed: ${message}`);
  process.exit(1);
}

let config;
try {
  loadDotEnv();
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const at = new Date();
let taken;
try {
  taken = await takeBackup(config.database, config.backup.dir, { at });
} catch (error) {
  if (error instanceof BackupError) fail(error.message);
  throw error;
}
const removed = pruneBackups(config.backup.dir, config.backup.keep);
const shown = relative(process.cwd(), taken.file);
console.log(`backup: ${describeBackup(taken, shown && !shown.startsWith('..') ? shown : taken.file)}`);
if (removed.length > 0) console.log(`removed (BACKUP_KEEP=${config.backup.keep}): ${removed.join(', ')}`);

// Recorded where every server reads the last good backup from (a database before migration 0019 has no record).
try {
  const database = await openDatabase(config.database);
  try {
    const runs = createBackupRuns(database.db);
    await runs.finish(await runs.start('command', at), new Date(), {
      outcome: 'good',
      file: taken.file,
      bytes: taken.bytes,
    });
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(
    `backup: written and checked, but not recorded in the database (/metrics will not show it): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
  );
}
