/**
 * How a server-rendered page loads its data: in-process from the catalogue, with the
 * API's lookups and messages, and the page's HTTP status set to match (404 when the
 * thing is not there, 500 when loading failed — never a crash).
 */
import { apiMessages } from './api/messages.ts';
import type { Catalogue } from './db/catalogue/catalogue-reads.ts';
import { getShop } from './shop.ts';
import { logFailure } from './operations/error-log.ts';
import type { PageData } from '../lib/page-data.ts';

export async function loadPageData<T>(
  response: { status?: number },
  what: string,
  load: (catalogue: Catalogue) => Promise<T | undefined>,
  notFoundMessage: string = apiMessages.routeNotFound,
): Promise<PageData<T>> {
  try {
    const data = await load((await getShop()).catalogue);
    if (data !== undefined) return { data };
    response.status = 404;
    return { error: notFoundMessage };
  } catch (error) {
    logFailure(`page ${what}`, error);
    response.status = 500;
    return { error: apiMessages.internal };
  }
}
