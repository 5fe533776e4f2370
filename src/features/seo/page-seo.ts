/** What a page tells search engines and link previews; the layout renders it (SeoHead.astro). */
import type { JsonLd } from './json-ld.ts';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, SHOP_PREVIEW_PATH } from '../../lib/paths.ts';
import { seoStrings as t } from './strings.ts';

export interface PageSeo {
  /** The canonical path with only the query parameters that change the content; default: the path alone. */
  canonicalPath?: string;
  /** Open Graph type. */
  type?: 'website' | 'product';
  /** Preview picture (PNG, PREVIEW_WIDTH × PREVIEW_HEIGHT) and its alt text; default: the shop's. */
  image?: { path: string; alt: string };
  /** `noindex, follow` (a search with a query, a load-more URL). */
  noindex?: boolean;
  /** An error page (the 404 page): noindex and no canonical link. Server pages with a 4xx/5xx status get it by themselves. */
  error?: boolean;
  /** Structured data of the page, each rendered as its own script. */
  jsonLd?: readonly JsonLd[];
}

export const DEFAULT_IMAGE = {
  path: SHOP_PREVIEW_PATH,
  alt: t.shopImageAlt,
  width: PREVIEW_WIDTH,
  height: PREVIEW_HEIGHT,
};
