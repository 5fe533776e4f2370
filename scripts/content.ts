/**
 * The content pages (the about page, the accessibility statement) as files, on the configured database:
 *   npm run content -- export [--dir FOLDER]
 *   npm run content -- import [--dir FOLDER] [--dry-run] [--force]
 * FOLDER is src/content by default, so the pages can live in git. See docs/running-the-shop.md.
 * Exit status: 0 done, 1 some page was refused (that page did not change), 2 bad usage.
 */
import { cliActor } from '../src/server/db/catalogue/audit.ts';
import { contentMessages } from '../src/lib/content-messages.ts';
import { contentFolder } from '../src/server/db/content/content-files.ts';
import { seedContentIfEmpty } from '../src/server/db/content/content-seed.ts';
import { exportContent, importContent } from '../src/server/db/content/content-transfer.ts';
import { readCommandLine, runOnShopDatabase } from './owner-command.ts';

const m = contentMessages.cli;

const { command, values } = readCommandLine(
  m.usage,
  ['export', 'import'],
  {
    'dry-run': { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    dir: { type: 'string' },
  },
  0,
);
const folder = values.dir ?? contentFolder();

// The pages are seeded first when the database has none, as the server seeds them.
await runOnShopDatabase(
  (database, config) => seedContentIfEmpty(database.db, { contactEmail: config.publicContactEmail }),
  async (database) => {
    if (command === 'export') {
      console.log(m.exported(await exportContent(database, folder), folder));
      return 0;
    }
    const results = await importContent(database, cliActor(), {
      folder,
      dryRun: values['dry-run'],
      force: values.force,
    });
    let status: 0 | 1 = 0;
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
    return status;
  },
);
