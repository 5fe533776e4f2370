/**
 * The content pages (the about page, the accessibility statement) as files, on the configured database:
 *   npm run content -- export [--dir FOLDER]
 *   npm run content -- import [--dir FOLDER] [--dry-run] [--force]
 * FOLDER is src/content by default, so the pages can live in git. See docs/running-the-shop.md.
 * Exit status: 0 done, 1 some page was refused (that page did not change), 2 bad usage.
 */
import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../src/server/config.ts';
import { cliActor } from '../src/server/db/catalogue/audit.ts';
import { contentMessages } from '../src/lib/content-messages.ts';
import { contentFolder } from '../src/server/db/content/content-files.ts';
import { seedContentIfEmpty } from '../src/server/db/content/content-seed.ts';
import { exportContent, importContent } from '../src/server/db/content/content-transfer.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrate } from '../src/server/db/migrations/migrations.ts';

const m = contentMessages.cli;

function usage(problem?: string): never {
  if (problem) console.error(problem);
  console.error(m.usage);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      dir: { type: 'string' },
    },
  });
} catch (error) {
  usage(error instanceof Error ? error.message : String(error));
}
const { values, positionals } = parsed;
const [command, ...extra] = positionals;
if ((command !== 'export' && command !== 'import') || extra.length > 0) usage();
const folder = values.dir ?? contentFolder();

loadDotEnv();
const config = loadConfig();
// Opened as the server opens it: migrated, and the pages seeded when the database has none.
const database = await openDatabase(config.database);
let status = 0;
try {
  await migrate(database.db, database.dialect);
  await seedContentIfEmpty(database.db, { contactEmail: config.publicContactEmail });
  if (command === 'export') {
    console.log(m.exported(await exportContent(database, folder), folder));
  } else {
    const results = await importContent(database, cliActor(), {
      folder,
      dryRun: values['dry-run'],
      force: values.force,
    });
    for (const { page, changes, problems, savedVersion } of results) {
      if (problems.length > 0) {
        status = 1;
        console.log([m.refused(page), ...problems.map((line) => `  ${line}`)].join('\n'));
      } else if (changes.length === 0) console.log(m.unchanged(page));
      else {
        const title = savedVersion === undefined ? m.wouldChange(page) : m.saved(page, savedVersion);
        console.log([title, ...changes.map((line) => `  ${line}`)].join('\n'));
      }
    }
  }
} finally {
  await database.close();
}
process.exit(status);
