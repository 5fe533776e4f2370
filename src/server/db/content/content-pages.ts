/**
 * The content pages in the database: a page's newest version, saves against the version the editor started from (stale:
 * refused with the current page), history, restore; each save audited. The content version keys the kept public pages.
 */
import type { Kysely, Selectable } from 'kysely';
import {
  type ContentInput,
  type ContentPage,
  type ContentPageName,
  type ContentVersionSummary,
} from '../../../lib/content-page.ts';
import { contentMessages } from '../../../lib/content-messages.ts';
import { ContentInputSchema, contentFieldErrors } from '../../../lib/content-rules.ts';
import { recordAudit, type Actor } from '../catalogue/audit.ts';
import type { ContentPageVersionTable, ShopTables } from '../tables.ts';
import { CatalogueWriteError, requireVersion } from '../catalogue/write-rules.ts';
import { inWriteTransaction, isUniqueViolation, type WriteDatabase } from '../write-transaction.ts';

type Row = Pick<ContentPageVersionTable, 'page' | 'version' | 'sections' | 'team'>;

const pageOf = (row: Row): ContentPage => ({
  page: row.page as ContentPageName,
  version: Number(row.version),
  sections: JSON.parse(row.sections) as ContentPage['sections'],
  team: JSON.parse(row.team) as ContentPage['team'],
});

const summaryOf = (row: Selectable<ContentPageVersionTable>): ContentVersionSummary => ({
  version: Number(row.version),
  authorId: row.author_id,
  authorName: row.author_name,
  createdAt: row.created_at,
  restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
});

/** A page's newest version; undefined before it was ever saved or seeded. */
export async function readContentPage(db: Kysely<ShopTables>, page: ContentPageName): Promise<ContentPage | undefined> {
  const row = await db
    .selectFrom('content_page_version')
    .select(['page', 'version', 'sections', 'team'])
    .where('page', '=', page)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? pageOf(row) : undefined;
}

/** Every page's newest version number, as one token: what kept public content pages are valid for. */
export async function readContentVersion(db: Kysely<ShopTables>): Promise<string> {
  const rows = await db
    .selectFrom('content_page_version')
    .select(['page', (eb) => eb.fn.max('version').as('version')])
    .groupBy('page')
    .orderBy('page')
    .execute();
  return rows.map(({ page, version }) => `${page}:${String(version)}`).join(',');
}

/** A page's saved versions, newest first. */
export async function listContentHistory(
  db: Kysely<ShopTables>,
  page: ContentPageName,
  { page: number = 1, limit = 20 }: { page?: number; limit?: number } = {},
): Promise<{ versions: ContentVersionSummary[]; total: number }> {
  const { total } = await db
    .selectFrom('content_page_version')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
    .where('page', '=', page)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('content_page_version')
    .selectAll()
    .where('page', '=', page)
    .orderBy('version', 'desc')
    .limit(limit)
    .offset((number - 1) * limit)
    .execute();
  return { versions: rows.map(summaryOf), total: Number(total) };
}

/** One saved version, with who saved it. */
export async function readContentVersionOf(
  db: Kysely<ShopTables>,
  page: ContentPageName,
  version: number,
): Promise<(ContentPage & ContentVersionSummary) | undefined> {
  const row = await db
    .selectFrom('content_page_version')
    .selectAll()
    .where('page', '=', page)
    .where('version', '=', version)
    .executeTakeFirst();
  return row ? { ...pageOf(row), ...summaryOf(row) } : undefined;
}

/** Checks a page as an editor sends it: the Hebrew message per field, or the page in order. */
export function validContent(page: ContentPageName, input: unknown): ContentInput {
  const parsed = ContentInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new CatalogueWriteError('invalid', contentMessages.invalid, contentFieldErrors(parsed.error));
  }
  if (page !== 'about' && parsed.data.team.length > 0) {
    throw new CatalogueWriteError('invalid', contentMessages.invalid, { team: contentMessages.teamOnlyAbout });
  }
  return parsed.data;
}

interface ContentWrites {
  /** Saves `input` as the page's next version, when `expectedVersion` is still its newest. */
  save(who: Actor, page: ContentPageName, expectedVersion: number | undefined, input: unknown): Promise<ContentPage>;
  /** Saves an older version's content again as the next version. */
  restore(who: Actor, page: ContentPageName, expectedVersion: number | undefined, from: number): Promise<ContentPage>;
}

export function createContentWrites(database: WriteDatabase, { now = () => new Date() } = {}): ContentWrites {
  async function write(
    who: Actor,
    page: ContentPageName,
    expectedVersion: number | undefined,
    content: (trx: Kysely<ShopTables>) => Promise<{ input: ContentInput; restoredFrom: number | null }>,
  ): Promise<ContentPage> {
    const expected = requireVersion(expectedVersion);
    const at = now();
    try {
      return await inWriteTransaction(database, async (trx) => {
        const current = await readContentPage(trx, page);
        if ((current?.version ?? 0) !== expected) {
          throw new CatalogueWriteError('stale', contentMessages.stale, {}, current);
        }
        const { input, restoredFrom } = await content(trx);
        const saved: ContentPage = { page, version: expected + 1, sections: input.sections, team: input.team };
        // Two servers saving the same version at once: the key (page, version) lets one in.
        await trx
          .insertInto('content_page_version')
          .values({
            page,
            version: saved.version,
            sections: JSON.stringify(saved.sections),
            team: JSON.stringify(saved.team),
            author_id: who.id,
            author_name: who.name ?? null,
            created_at: at.toISOString(),
            restored_from: restoredFrom,
          })
          .execute();
        await recordAudit(trx, who, at, [
          {
            action: restoredFrom === null ? 'page.update' : 'page.restore',
            entity: 'page',
            entityId: page,
            // The content itself is in the page's history; the audit names the page and its versions.
            before: current ? { name: page, version: current.version } : null,
            after: { name: page, version: saved.version },
          },
        ]);
        return saved;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new CatalogueWriteError('stale', contentMessages.stale, {}, await readContentPage(database.db, page));
    }
  }

  return {
    save: (who, page, expectedVersion, input) =>
      write(who, page, expectedVersion, async () => ({ input: validContent(page, input), restoredFrom: null })),
    restore: (who, page, expectedVersion, from) =>
      write(who, page, expectedVersion, async (trx) => {
        const old = await readContentVersionOf(trx, page, from);
        if (!old) throw new CatalogueWriteError('not-found', contentMessages.unknownVersion);
        return { input: { sections: old.sections, team: old.team }, restoredFrom: from };
      }),
  };
}

/** Puts `input` in as a page's first version when the page has none (the seed; several servers may race). */
export async function seedContentPage(
  db: Kysely<ShopTables>,
  page: ContentPageName,
  input: ContentInput,
  at: Date,
): Promise<void> {
  await db
    .insertInto('content_page_version')
    .values({
      page,
      version: 1,
      sections: JSON.stringify(input.sections),
      team: JSON.stringify(input.team),
      author_id: 'seed',
      author_name: null,
      created_at: at.toISOString(),
      restored_from: null,
    })
    .onConflict((conflict) => conflict.columns(['page', 'version']).doNothing())
    .execute();
}
