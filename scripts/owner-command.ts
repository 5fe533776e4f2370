/**
 * What the owner's commands (`npm run catalogue`, `npm run content`) share: reading the command line
 * (a bad one prints the usage and exits 2), and opening the configured database as the server opens it
 * (migrated and seeded), running the command, closing it and exiting with the command's status.
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { loadConfig, loadDotEnv, type Config } from '../src/server/config.ts';
import { openDatabase, type OpenDatabase } from '../src/server/db/database.ts';
import { backupBeforeMigrating } from '../src/server/db/backup/backups.ts';
import { migrate } from '../src/server/db/migrations/migrations.ts';

/** Prints the problem and the usage, then exits 2 (bad usage). */
export function usageError(usage: string, problem?: string): never {
  if (problem) console.error(problem);
  console.error(usage);
  process.exit(2);
}

/** The command (one of `commands`), its other positionals (`arity` of them at most) and its options. */
export function readCommandLine<Options extends ParseArgsOptionsConfig, Command extends string>(
  usage: string,
  commands: readonly Command[],
  options: Options,
  arity: number,
) {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options });
  } catch (error) {
    usageError(usage, error instanceof Error ? error.message : String(error));
  }
  const [command, ...rest] = parsed.positionals;
  if (!commands.includes(command as Command) || rest.length > arity) usageError(usage);
  return { command: command as Command, rest, values: parsed.values };
}

/**
 * Opens the configured database, migrates it (on SQLite after a backup, as the server does), lets `prepare` seed it as the server would, runs the
 * command and exits with its status (0 done, 1 refused).
 */
export async function runOnShopDatabase(
  prepare: (database: OpenDatabase, config: Config) => Promise<unknown>,
  command: (database: OpenDatabase, config: Config) => Promise<0 | 1>,
): Promise<never> {
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase(config.database);
  let status: number;
  try {
    await migrate(database.db, database.dialect, undefined, { beforeMigrating: backupBeforeMigrating(config) });
    await prepare(database, config);
    status = await command(database, config);
  } finally {
    await database.close();
  }
  process.exit(status);
}
