/** The SEO of one animal's page: product type, its own preview picture, Product and BreadcrumbList. */
import { formatPrice } from '../../lib/format.ts';
import type { Animal, Category } from '../../lib/schemas.ts';
import { breadcrumbJsonLd, categoryCrumbs, productJsonLd } from './json-ld.ts';
import type { PageSeo } from './page-seo.ts';
import { animalPreviewPath, productPath } from '../../lib/paths.ts';
import { seoStrings as t } from './strings.ts';

export function animalPageSeo(origin: string, animal: Animal, category: Category | undefined): PageSeo {
  return {
    canonicalPath: productPath(animal._id),
    type: 'product',
    image: { path: animalPreviewPath(animal._id), alt: t.animalImageAlt(animal.name, formatPrice(animal.price)) },
    jsonLd: [
      productJsonLd(origin, animal),
      ...(category ? [breadcrumbJsonLd(origin, categoryCrumbs(category, animal))] : []),
    ],
  };
}
