/**
 * The catalogue as a spreadsheet, on the configured database (DATABASE_PATH or DATABASE_URL):
 *   npm run catalogue -- export FILE.csv
 *   npm run catalogue -- import FILE.csv [--dry-run] [--force] [--encoding utf-8|windows-1255]
 * See docs/running-the-shop.md. Exit status: 0 done, 1 the file was refused (nothing changed), 2 bad usage.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cliActor } from '../src/server/db/catalogue/audit.ts';
import { seedIfEmpty } from '../src/server/db/seed/seed.ts';
import { ENCODINGS, type Encoding } from '../src/server/spreadsheet/csv-file.ts';
import { exportCatalogueCsv } from '../src/server/spreadsheet/export.ts';
import { importCatalogueCsv } from '../src/server/spreadsheet/import.ts';
import { spreadsheetMessages as messages } from '../src/server/spreadsheet/messages.ts';
import { describeImport } from '../src/server/spreadsheet/report.ts';
import { readCommandLine, runOnShopDatabase, usageError } from './owner-command.ts';

const USAGE = `שימוש:
  npm run catalogue -- export FILE.csv
  npm run catalogue -- import FILE.csv [--dry-run] [--force] [--encoding utf-8|windows-1255]`;

const { command, rest, values } = readCommandLine(
  USAGE,
  ['export', 'import'],
  {
    'dry-run': { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    encoding: { type: 'string' },
  },
  1,
);
const [file] = rest;
if (!file) usageError(USAGE);
if (values.encoding !== undefined && !ENCODINGS.includes(values.encoding as Encoding)) {
  usageError(USAGE, `--encoding: utf-8 או windows-1255`);
}

// A new database gets the seed catalogue first, as the server gives it (unless SEED_ON_START=false).
await runOnShopDatabase(
  async (database, config) => config.seedOnStart && (await seedIfEmpty(database.db)),
  async (database) => {
    if (command === 'export') {
      const { bytes, count } = await exportCatalogueCsv(database.db);
      writeFileSync(file, bytes);
      console.log(messages.exported(count, file));
      return 0;
    }
    const started = performance.now();
    const result = await importCatalogueCsv(database, cliActor(), readFileSync(file), {
      dryRun: values['dry-run'],
      force: values.force,
      encoding: values.encoding as Encoding | undefined,
    });
    console.log(describeImport(result, { force: values.force }));
    console.log(`(${Math.round(performance.now() - started)} ms)`);
    return result.problems.length > 0 ? 1 : 0;
  },
);
