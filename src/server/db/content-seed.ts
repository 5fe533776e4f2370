/**
 * An empty database gets the content pages from their files (src/content/<page>/, ./content-files.ts),
 * checked by the same rules as an editor's save; a page already saved is left alone.
 */
import type { Kysely } from 'kysely';
import { CONTENT_PAGE_NAMES } from '../../lib/content-page.ts';
import { readContentFiles } from './content-files.ts';
import { readContentPage, seedContentPage, validContent } from './content-pages.ts';
import type { ShopTables } from './tables.ts';
import { CatalogueWriteError } from './write-rules.ts';

export async function seedContentIfEmpty(db: Kysely<ShopTables>, at = new Date(), folder?: string): Promise<void> {
  for (const page of CONTENT_PAGE_NAMES) {
    if (await readContentPage(db, page)) continue;
    const files = readContentFiles(page, folder);
    if (!files) continue;
    try {
      await seedContentPage(db, page, validContent(page, files), at);
    } catch (error) {
      if (!(error instanceof CatalogueWriteError)) throw error;
      const fields = Object.entries(error.fields).map(([field, message]) => `${field}: ${message}`);
      throw new Error(`src/content/${page}: ${fields.join('; ')}`, { cause: error });
    }
  }
}
