/**
 * Structured data (schema.org JSON-LD), one function per type, fed by the same objects the page
 * renders (the animal, its category, the shown list). Absolute URLs come from the origin passed in.
 */
import { SNIPPET_LIMIT, truncateDescription } from '../../lib/format.ts';
import type { Animal, Category } from '../../lib/schemas.ts';
import { layoutStrings } from '../layout/strings.ts';
import { animalPreviewPath, categoryPath, productPath, SHOP_PREVIEW_PATH } from '../../lib/paths.ts';
import { absoluteUrl } from './site.server.ts';
import { seoStrings as t } from './strings.ts';

export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

export function productJsonLd(origin: string, animal: Animal): JsonLd {
  const url = absoluteUrl(origin, productPath(animal._id));
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: animal.name,
    description: truncateDescription(animal.description, SNIPPET_LIMIT),
    image: [absoluteUrl(origin, animalPreviewPath(animal._id)), absoluteUrl(origin, animal.img)],
    sku: animal._id,
    url,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'ILS',
      price: animal.price,
      availability: animal.countInStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(animal.numReviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: animal.rating,
            reviewCount: animal.numReviews,
            bestRating: 5,
            worstRating: 0,
          },
        }
      : {}),
  };
}

interface Crumb {
  name: string;
  /** Path of the crumb's page; the last crumb (the page itself) may leave it out. */
  path?: string;
}

/** home › category › animal (or home › category). */
export function breadcrumbJsonLd(origin: string, crumbs: readonly Crumb[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(crumb.path ? { item: absoluteUrl(origin, crumb.path) } : {}),
    })),
  };
}

export function categoryCrumbs(category: Category, animal?: Animal): Crumb[] {
  const crumbs: Crumb[] = [
    { name: t.home, path: '/' },
    { name: category.name, path: categoryPath(category.slug) },
  ];
  if (animal) crumbs.push({ name: animal.name, path: productPath(animal._id) });
  return crumbs;
}

/** The animals a list page shows, in its order, `firstPosition` being the first card's place in the whole list. */
export function itemListJsonLd(origin: string, animals: readonly Animal[], firstPosition = 1): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    itemListElement: animals.map((animal, index) => ({
      '@type': 'ListItem',
      position: firstPosition + index,
      url: absoluteUrl(origin, productPath(animal._id)),
      name: animal.name,
    })),
  };
}

export function organizationJsonLd(origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: layoutStrings.shopName,
    url: absoluteUrl(origin, '/'),
    logo: absoluteUrl(origin, SHOP_PREVIEW_PATH),
    description: layoutStrings.defaultDescription,
  };
}

export function webSiteJsonLd(origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: layoutStrings.shopName,
    url: absoluteUrl(origin, '/'),
    inLanguage: 'he',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(origin, '/products')}?query={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the script. */
export function jsonLdText(data: JsonLd | readonly JsonLd[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
