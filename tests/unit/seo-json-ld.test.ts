import { describe, expect, it } from 'vitest';
import { animalPageSeo } from '../../src/features/seo/animal-seo.ts';
import {
  breadcrumbJsonLd,
  categoryCrumbs,
  itemListJsonLd,
  jsonLdText,
  organizationJsonLd,
  productJsonLd,
  webSiteJsonLd,
} from '../../src/features/seo/json-ld.ts';
import { listPageSeo } from '../../src/features/seo/list-seo.ts';
import type { Animal, Category } from '../../src/lib/schemas.ts';
import { SNIPPET_LIMIT } from '../../src/lib/format.ts';
import { sharedStrings } from '../../src/lib/strings.ts';
import { checkBreadcrumb, checkProduct } from '../helpers/rich-results.ts';

const ORIGIN = 'https://shop.example';
const category: Category = {
  _id: 'c'.repeat(24),
  slug: 'pocket-pets',
  name: 'חיות כיס',
  description: 'קטנות',
  img: '/art/categories/pocket-pets.svg',
};
const animal: Animal = {
  _id: 'a'.repeat(24),
  slug: 'usb-hamster',
  name: 'אוגר USB',
  description: 'אוגר </script> שמטעין',
  img: '/art/animals/usb-hamster.svg',
  price: 45,
  countInStock: 20,
  rating: 4.3,
  numReviews: 1870,
  category: 'pocket-pets',
};

describe('JSON-LD', () => {
  it('describes an animal in stock as a Product with an offer and its rating', () => {
    const product = productJsonLd(ORIGIN, animal);
    expect(checkProduct(product)).toEqual([]);
    expect(product).toMatchObject({
      name: 'אוגר USB',
      sku: animal._id,
      offers: {
        priceCurrency: 'ILS',
        price: 45,
        availability: 'https://schema.org/InStock',
        url: `${ORIGIN}/products/${animal._id}`,
      },
      aggregateRating: { ratingValue: 4.3, reviewCount: 1870 },
    });
  });

  it('cuts a long description as a search result would, in the Product and the page description alike', () => {
    const long = 'תיפלץ '.repeat(400).trim();
    const product = productJsonLd(ORIGIN, { ...animal, description: long });
    expect(checkProduct(product)).toEqual([]);
    expect(product['description']).toBe(`${[...long].slice(0, SNIPPET_LIMIT).join('')}...`);
    expect(sharedStrings.pageDescription(animal.name, long)).toBe(
      `אוגר USB בחנות התיפלצים: ${product['description'] as string}`,
    );
    // A short one is whole.
    expect(productJsonLd(ORIGIN, animal)['description']).toBe(animal.description);
  });

  it('marks a sold-out animal OutOfStock and leaves out the rating without reviews', () => {
    const product = productJsonLd(ORIGIN, { ...animal, countInStock: 0, numReviews: 0, rating: 0 });
    expect(checkProduct(product)).toEqual([]);
    expect(product).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
    expect(product).not.toHaveProperty('aggregateRating');
  });

  it('gives home › category › animal breadcrumbs with absolute URLs', () => {
    const crumbs = breadcrumbJsonLd(ORIGIN, categoryCrumbs(category, animal));
    expect(checkBreadcrumb(crumbs)).toEqual([]);
    expect((crumbs.itemListElement as { name: string; item: string }[]).map((c) => [c.name, c.item])).toEqual([
      ['דף הבית', `${ORIGIN}/`],
      ['חיות כיס', `${ORIGIN}/categories/pocket-pets`],
      ['אוגר USB', `${ORIGIN}/products/${animal._id}`],
    ]);
    expect(animalPageSeo(ORIGIN, animal, category).jsonLd).toEqual([productJsonLd(ORIGIN, animal), crumbs]);
  });

  it('lists the shown animals with their places in the whole list', () => {
    const list = itemListJsonLd(ORIGIN, [animal, { ...animal, _id: 'b'.repeat(24) }], 25);
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 25, url: `${ORIGIN}/products/${'a'.repeat(24)}`, name: 'אוגר USB' },
      { '@type': 'ListItem', position: 26, url: `${ORIGIN}/products/${'b'.repeat(24)}`, name: 'אוגר USB' },
    ]);
    const seo = listPageSeo(ORIGIN, {
      canonicalPath: '/products?page=2',
      shownPages: { from: 2, to: 2 },
      animals: [animal],
    });
    expect(seo.jsonLd?.[0]).toMatchObject({ itemListElement: [{ position: 25 }] });
  });

  it('names the shop and its search', () => {
    expect(organizationJsonLd(ORIGIN)).toMatchObject({
      '@type': 'Organization',
      name: 'חנות התיפלצים',
      url: `${ORIGIN}/`,
    });
    expect(webSiteJsonLd(ORIGIN)).toMatchObject({
      '@type': 'WebSite',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${ORIGIN}/products?query={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('cannot close its script element', () => {
    const text = jsonLdText(productJsonLd(ORIGIN, animal));
    expect(text).not.toContain('</script');
    expect(JSON.parse(text).description).toBe(animal.description);
  });
});
