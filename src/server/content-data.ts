/**
 * How the public content pages load their copy: the page's newest version from the shop's database (on
 * the Node server per render, kept by the edge per content version; in the static build once, when it
 * builds). A database that does not answer is a 500 with the error box, never a crash.
 */
import type { ContentPage, ContentPageName } from '../lib/content-page.ts';
import type { PageData } from '../lib/page-data.ts';
import { apiMessages } from './api/messages.ts';
import { readContentPage } from './db/content/content-pages.ts';
import { logFailure } from './operations/error-log.ts';
import { getShop } from './shop.ts';

export async function loadContentPage(
  response: { status?: number },
  page: ContentPageName,
): Promise<PageData<ContentPage>> {
  try {
    const data = await readContentPage((await getShop()).database.db, page);
    if (data) return { data };
    response.status = 404;
    return { error: apiMessages.routeNotFound };
  } catch (error) {
    logFailure(`page ${page}`, error);
    response.status = 500;
    return { error: apiMessages.internal };
  }
}
