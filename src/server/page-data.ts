/** What server-rendered pages load, in-process, with the page's status set to match: 404 when not there, 500 when loading failed. */
import type { ContentPage, ContentPageName } from '../lib/content-page.ts';
import type { PageData } from '../lib/page-data.ts';
import { apiMessages } from './api/messages.ts';
import { catalogueOverview } from './db/catalogue/admin-overview.ts';
import { undoneBulkChanges } from './db/catalogue/animal-bulk.ts';
import { createAnimalTrash } from './db/catalogue/animal-trash.ts';
import { listAudit, type AuditRecord } from './db/catalogue/audit.ts';
import type { Catalogue } from './db/catalogue/catalogue-reads.ts';
import { createAnimalWrites } from './db/catalogue/catalogue-writes.ts';
import { createCategoryWrites } from './db/catalogue/category-writes.ts';
import { readContentPage } from './db/content/content-pages.ts';
import type { UnfoundSearch } from './db/search/unfound-searches.ts';
import { logFailure } from './operations/error-log.ts';
import { getShop, type Shop } from './shop.ts';

async function loaded<T>(
  response: { status?: number },
  what: string,
  load: (shop: Shop) => Promise<T | undefined>,
  notFoundMessage: string,
): Promise<PageData<T>> {
  try {
    const data = await load(await getShop());
    if (data !== undefined) return { data };
    response.status = 404;
    return { error: notFoundMessage };
  } catch (error) {
    logFailure(`page ${what}`, error);
    response.status = 500;
    return { error: apiMessages.internal };
  }
}

export function loadPageData<T>(
  response: { status?: number },
  what: string,
  load: (catalogue: Catalogue) => Promise<T | undefined>,
  notFoundMessage: string = apiMessages.routeNotFound,
): Promise<PageData<T>> {
  return loaded(response, what, (shop) => load(shop.catalogue), notFoundMessage);
}

/** A content page's newest version (on the Node server per render, kept by the edge per content version). */
export function loadContentPage(response: { status?: number }, page: ContentPageName): Promise<PageData<ContentPage>> {
  return loaded(response, page, (shop) => readContentPage(shop.database.db, page), apiMessages.routeNotFound);
}

export const AUDIT_PAGE_SIZE = 50;
/** How many of the most frequent searches that found nothing the owner's page lists. */
const UNFOUND_LISTED = 100;
/** How many of this week's the overview lists. */
const OVERVIEW_UNFOUND = 10;

/** What the admin's pages load, once src/features/admin/gate.server.ts let the owner in. */
export async function adminData() {
  const shop = await getShop();
  const animals = createAnimalWrites(shop.writeDatabase);
  const categories = createCategoryWrites(shop.writeDatabase);
  const trash = createAnimalTrash(shop.writeDatabase);
  return {
    animal: (id: string) => animals.read(id),
    categories: () => categories.list(),
    animalCounts: () => categories.animalCounts(),
    audit: (page: number): Promise<{ entries: AuditRecord[]; total: number }> =>
      listAudit(shop.database.db, { page, limit: AUDIT_PAGE_SIZE }),
    unfoundSearches: (): Promise<UnfoundSearch[]> => shop.unfound.mostFrequent(UNFOUND_LISTED),
    contentPage: (page: ContentPageName) => readContentPage(shop.database.db, page),
    trash: () => trash.list(),
    trashIds: () => trash.ids(),
    undoneBulkChanges: () => undoneBulkChanges(shop.database.db),
    overview: () => catalogueOverview(shop.database.db),
    /** This week's searches that found nothing, the most frequent first. */
    unfoundThisWeek: (): Promise<UnfoundSearch[]> => shop.unfound.mostFrequent(OVERVIEW_UNFOUND, 7),
  };
}
