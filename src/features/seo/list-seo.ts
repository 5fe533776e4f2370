/** The SEO of a page showing a paged list of animals (the animals list, one category). */
import type { Animal } from '../../lib/schemas.ts';
import { DEFAULT_PAGE_SIZE, type PageWindow } from '../../lib/paging.ts';
import { itemListJsonLd, type JsonLd } from './json-ld.ts';
import type { PageSeo } from './page-seo.ts';

interface ListPage {
  /** The one-page URL of the last page shown: only the parameters that change the content. */
  canonicalPath: string;
  shownPages: PageWindow;
  animals: readonly Animal[];
  noindex?: boolean;
  image?: PageSeo['image'];
  jsonLd?: readonly JsonLd[];
}

export function listPageSeo(origin: string, page: ListPage): PageSeo {
  const firstPosition = (page.shownPages.from - 1) * DEFAULT_PAGE_SIZE + 1;
  return {
    canonicalPath: page.canonicalPath,
    ...(page.noindex ? { noindex: true } : {}),
    ...(page.image ? { image: page.image } : {}),
    jsonLd: [...(page.jsonLd ?? []), itemListJsonLd(origin, page.animals, firstPosition)],
  };
}
