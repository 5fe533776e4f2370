/**
 * What the admin's pages load on the server (only after src/features/admin/gate.server.ts let the owner
 * in): one animal with its version, the categories with theirs, a page of the audit, the searches that
 * found nothing, a content page with its version.
 */
import { catalogueOverview } from './db/catalogue/admin-overview.ts';
import { undoneBulkChanges } from './db/catalogue/animal-bulk.ts';
import { createAnimalTrash } from './db/catalogue/animal-trash.ts';
import { listAudit, type AuditRecord } from './db/catalogue/audit.ts';
import { createAnimalWrites } from './db/catalogue/catalogue-writes.ts';
import { createCategoryWrites } from './db/catalogue/category-writes.ts';
import type { UnfoundSearch } from './db/search/unfound-searches.ts';
import { getShop } from './shop.ts';
import { readContentPage } from './db/content/content-pages.ts';
import type { ContentPageName } from '../lib/content-page.ts';

export const AUDIT_PAGE_SIZE = 50;
/** How many of the most frequent searches that found nothing the owner's page lists. */
const UNFOUND_LISTED = 100;
/** How many of this week's the overview lists. */
const OVERVIEW_UNFOUND = 10;

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
