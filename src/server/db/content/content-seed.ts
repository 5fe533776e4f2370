/** An empty database gets the content pages from their files, checked as a save; `{{contact}}` becomes the shop's own ways to reach it. */
import type { Kysely } from 'kysely';
import { CONTENT_PAGE_NAMES } from '../../../lib/content-page.ts';
import { contentMessages as contentStrings } from '../../../lib/content-messages.ts';
import { CONTACT_PATH } from '../../../lib/paths.ts';
import { readContentFiles } from './content-files.ts';
import { readContentPage, seedContentPage, validContent } from './content-pages.ts';
import type { ShopTables } from '../tables.ts';
import { CatalogueWriteError } from '../catalogue/write-rules.ts';

function contactLinks(contactEmail: string | undefined): string {
  const form = `[${contentStrings.contactForm}](${CONTACT_PATH})`;
  return contactEmail ? `${form} ${contentStrings.or} [${contactEmail}](mailto:${contactEmail})` : form;
}

export async function seedContentIfEmpty(
  db: Kysely<ShopTables>,
  { at = new Date(), folder, contactEmail }: { at?: Date; folder?: string; contactEmail?: string | undefined } = {},
): Promise<void> {
  for (const page of CONTENT_PAGE_NAMES) {
    if (await readContentPage(db, page)) continue;
    const read = readContentFiles(page, folder);
    if (!read) continue;
    const contact = contactLinks(contactEmail);
    const files = {
      ...read,
      sections: read.sections.map((section) => ({ ...section, body: section.body.replaceAll('{{contact}}', contact) })),
    };
    try {
      await seedContentPage(db, page, validContent(page, files), at);
    } catch (error) {
      if (!(error instanceof CatalogueWriteError)) throw error;
      const fields = Object.entries(error.fields).map(([field, message]) => `${field}: ${message}`);
      throw new Error(`src/content/${page}: ${fields.join('; ')}`, { cause: error });
    }
  }
}
