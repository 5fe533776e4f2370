/** Every page of every category, read from the catalogue at build time (the static build's category routes). */
import { DEFAULT_PAGE_SIZE, pageCount } from '../lib/paging.ts';
import type { CategoryDetail } from '../lib/schemas.ts';
import { getShop } from '../server/shop.ts';

export type CategoryPageProps = {
  detail: CategoryDetail;
  page: number;
};

export async function categoryPages(): Promise<CategoryPageProps[]> {
  const { catalogue } = await getShop();
  const pages: CategoryPageProps[] = [];
  for (const category of await catalogue.listCategories()) {
    const first = await catalogue.findCategoryDetail(category.slug, { limit: DEFAULT_PAGE_SIZE, page: 1 });
    if (!first) continue;
    pages.push({ detail: first, page: 1 });
    for (let page = 2; page <= pageCount(first.total); page += 1) {
      const detail = await catalogue.findCategoryDetail(category.slug, { limit: DEFAULT_PAGE_SIZE, page });
      if (detail) pages.push({ detail, page });
    }
  }
  return pages;
}
