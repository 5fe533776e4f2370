/**
 * `npm run restore -- FILE`: puts a backup (from `npm run backup`, the schedule, or the one taken before a
 * migration) in place of the configured SQLite database, after checking it; refuses while a server or a
 * shop command has the database open, and keeps the database it replaces beside it
 * (src/server/db/backup/restore.ts). An older backup is migrated forward by the next start. On PostgreSQL
 * (DATABASE_URL), see src/server/db/backup/postgres-restore.ts.
 */
import { relative } from 'node:path';
import { ConfigError, loadConfig, loadDotEnv } from '../src/server/config.ts';
import { RestoreRefused, restoreSqlite } from '../src/server/db/backup/restore.ts';
import { restorePostgres } from '../src/server/db/backup/postgres-restore.ts';

function fail(message: string): never {
  console.error(`restore refused: ${message}`);
  process.exit(1);
}

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error(
    'usage: npm run restore -- FILE   (a backup from BACKUP_DIR, e.g. data/backups/shop-20261201T060000Z.db)',
  );
  process.exit(2);
}
let config;
try {
  loadDotEnv();
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const shown = (path: string) => {
  const near = relative(process.cwd(), path);
  return near && !near.startsWith('..') ? near : path;
};
try {
  if (config.database.kind === 'sqlite') {
    const restored = await restoreSqlite(file, config.database.path);
    const { contents } = restored.checked;
    console.log(
      `restored ${file} as ${config.database.path}: ${contents.animals} animals, ${contents.categories} categories, ${contents.pictures} pictures, ${contents.contentVersions} content versions, ${contents.contactMessages} contact messages; ${restored.schema}`,
    );
    if (restored.kept)
      console.log(`the database it replaced is kept as ${shown(restored.kept)} (restore that file to undo)`);
  } else {
    const restored = await restorePostgres(file, config.database.url);
    console.log(restored);
  }
  console.log('start the server: it migrates the database forward if the backup is older than this version');
} catch (error) {
  if (error instanceof RestoreRefused) fail(error.message);
  throw error;
}
