/**
 * `npm run content -- export|import`: an import checks every page as a save, says what would change, refuses files
 * exported before the shop's page last changed unless forced, and saves each changed page as a new version.
 */
import { CONTENT_PAGE_NAMES, inOrder, type ContentInput, type ContentPageName } from '../../../lib/content-page.ts';
import { contentMessages as m } from '../../../lib/content-messages.ts';
import type { Actor } from '../catalogue/audit.ts';
import { readContentFiles, readFilesVersion, writeContentFiles } from './content-files.ts';
import { createContentWrites, readContentPage, validContent } from './content-pages.ts';
import { CatalogueWriteError } from '../catalogue/write-rules.ts';
import type { WriteDatabase } from '../write-transaction.ts';

interface PageTransfer {
  page: ContentPageName;
  /** What differs between the files and the shop, one Hebrew line each (empty: nothing). */
  changes: string[];
  /** Why the files were refused (nothing of this page changed). */
  problems: string[];
  /** The version saved (an import that was not a dry run and changed something). */
  savedVersion?: number;
}

export async function exportContent(database: WriteDatabase, folder?: string): Promise<ContentPageName[]> {
  const written: ContentPageName[] = [];
  for (const page of CONTENT_PAGE_NAMES) {
    const content = await readContentPage(database.db, page);
    if (!content) continue;
    writeContentFiles(page, content, folder);
    written.push(page);
  }
  return written;
}

function differences(before: ContentInput, after: ContentInput): string[] {
  const lines: string[] = [];
  const compare = <T extends { id: string }>(what: string, old: T[], now: T[], label: (item: T) => string) => {
    const olds = new Map(old.map((item) => [item.id, item]));
    const nows = new Map(now.map((item) => [item.id, item]));
    for (const item of now) {
      const was = olds.get(item.id);
      if (!was) lines.push(m.cli.added(what, label(item)));
      else if (JSON.stringify(was) !== JSON.stringify(item)) lines.push(m.cli.changed(what, label(item)));
    }
    for (const item of old) if (!nows.has(item.id)) lines.push(m.cli.removed(what, label(item)));
  };
  compare(m.cli.section, inOrder(before.sections), inOrder(after.sections), ({ heading }) => heading);
  compare(m.cli.member, inOrder(before.team), inOrder(after.team), ({ name }) => name);
  return lines;
}

export async function importContent(
  database: WriteDatabase,
  who: Actor,
  { folder, dryRun = true, force = false }: { folder?: string; dryRun?: boolean; force?: boolean } = {},
): Promise<PageTransfer[]> {
  const writes = createContentWrites(database);
  const results: PageTransfer[] = [];
  for (const page of CONTENT_PAGE_NAMES) {
    const files = readContentFiles(page, folder);
    if (!files) continue;
    const current = await readContentPage(database.db, page);
    const result: PageTransfer = { page, changes: [], problems: [] };
    results.push(result);
    let input: ContentInput;
    try {
      input = validContent(page, files);
    } catch (error) {
      if (!(error instanceof CatalogueWriteError)) throw error;
      result.problems = Object.entries(error.fields).map(([field, message]) => `${field}: ${message}`);
      continue;
    }
    result.changes = current ? differences(current, input) : [m.cli.created];
    if (result.changes.length === 0) continue;
    const base = readFilesVersion(page, folder);
    const now = current?.version ?? 0;
    if (!force && base !== now) {
      result.problems = [base === undefined ? m.cli.noVersion : m.cli.stale(base, now)];
      continue;
    }
    if (dryRun) continue;
    const saved = await writes.save(who, page, now, input);
    result.savedVersion = saved.version;
  }
  return results;
}
