/**
 * The catalogue as a spreadsheet, on the configured database (DATABASE_PATH or DATABASE_URL):
 *   npm run catalogue -- export FILE.csv
 *   npm run catalogue -- import FILE.csv [--dry-run] [--force] [--encoding utf-8|windows-1255]
 * See docs/running-the-shop.md. Exit status: 0 done, 1 the file was refused (nothing changed), 2 bad usage.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../src/server/config.ts';
import { cliActor } from '../src/server/db/catalogue/audit.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrate } from '../src/server/db/migrations/migrations.ts';
import { seedIfEmpty } from '../src/server/db/seed/seed.ts';
import { ENCODINGS, type Encoding } from '../src/server/spreadsheet/csv-file.ts';
import { exportCatalogueCsv } from '../src/server/spreadsheet/export.ts';
import { importCatalogueCsv } from '../src/server/spreadsheet/import.ts';
import { spreadsheetMessages as messages } from '../src/server/spreadsheet/messages.ts';
import { describeImport } from '../src/server/spreadsheet/report.ts';

const USAGE = `שימוש:
  npm run catalogue -- export FILE.csv
  npm run catalogue -- import FILE.csv [--dry-run] [--force] [--encoding utf-8|windows-1255]`;

function usage(problem?: string): never {
  if (problem) console.error(problem);
  console.error(USAGE);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      encoding: { type: 'string' },
    },
  });
} catch (error) {
  usage(error instanceof Error ? error.message : String(error));
}
const { values, positionals } = parsed;
const [command, file, ...extra] = positionals;
if ((command !== 'export' && command !== 'import') || !file || extra.length > 0) usage();
if (values.encoding !== undefined && !ENCODINGS.includes(values.encoding as Encoding)) {
  usage(`--encoding: utf-8 או windows-1255`);
}

loadDotEnv();
const config = loadConfig();
// Opened as the server opens it: migrated, and a new database gets the seed catalogue first (unless SEED_ON_START=false).
const database = await openDatabase(config.database);
let status = 0;
try {
  await migrate(database.db, database.dialect);
  if (config.seedOnStart) await seedIfEmpty(database.db);
  if (command === 'export') {
    const { bytes, count } = await exportCatalogueCsv(database.db);
    writeFileSync(file, bytes);
    console.log(messages.exported(count, file));
  } else {
    const started = performance.now();
    const result = await importCatalogueCsv(database, cliActor(), readFileSync(file), {
      dryRun: values['dry-run'],
      force: values.force,
      encoding: values.encoding as Encoding | undefined,
    });
    console.log(describeImport(result, { force: values.force }));
    console.log(`(${Math.round(performance.now() - started)} ms)`);
    if (result.problems.length > 0) status = 1;
  }
} finally {
  await database.close();
}
process.exit(status);
