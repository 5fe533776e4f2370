/**
 * The two deployments carry the same SEO: every page fetched from the Node server and from the static
 * build (both built with PUBLIC_SITE_URL, each its own address) has the same JSON-LD types, the same
 * Open Graph and Twitter properties with the same values, the same canonical link and the same robots
 * directives — with each deployment's address in its URLs. (The paging URLs of a category's later pages
 * differ by design: the seed's categories have one page each.)
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seedAnimal, seedCategories } from '../helpers/catalogue.ts';
import { STATIC_BASE_URL } from './fixtures/static-site.ts';

const ROUTES = [
  '/',
  '/categories',
  ...seedCategories.slice(0, 3).map((category) => `/categories/${category.slug}`),
  '/products',
  `/products/${seedAnimal('rainbow-owl').id}`,
  '/about',
  '/contact',
  '/sign-in',
  '/sign-up',
  '/no-such-page',
];

interface PageSeo {
  status: number;
  canonical: string[];
  robots: string[];
  /** Every og:* and twitter:* property with its value, in page order. */
  properties: [string, string][];
  /** Every @type in the page's JSON-LD, nested ones too, in order. */
  jsonLdTypes: string[];
}

/** The page's SEO as a crawler reads it, with the deployment's own address written as ORIGIN. */
async function seoOf(page: Page, request: APIRequestContext, origin: string, route: string): Promise<PageSeo> {
  const response = await request.get(`${origin}${route}`);
  const seo = await page.evaluate(
    (html) => {
      const document = new DOMParser().parseFromString(html, 'text/html');
      const content = (selector: string) =>
        [...document.querySelectorAll(selector)].map((element) => element.getAttribute('content') ?? '');
      const types: string[] = [];
      const collect = (value: unknown) => {
        if (Array.isArray(value)) value.forEach(collect);
        else if (value && typeof value === 'object') {
          const type = (value as Record<string, unknown>)['@type'];
          if (typeof type === 'string') types.push(type);
          Object.values(value).forEach(collect);
        }
      };
      for (const script of document.querySelectorAll('script[type="application/ld+json"]'))
        collect(JSON.parse(script.textContent ?? 'null'));
      return {
        canonical: [...document.querySelectorAll('link[rel="canonical"]')].map(
          (link) => link.getAttribute('href') ?? '',
        ),
        robots: content('meta[name="robots"]'),
        properties: [...document.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]')].map(
          (meta): [string, string] => [
            meta.getAttribute('property') ?? meta.getAttribute('name') ?? '',
            meta.getAttribute('content') ?? '',
          ],
        ),
        jsonLdTypes: types,
      };
    },
    await response.text(),
  );
  const local = (text: string) => text.replaceAll(origin, 'ORIGIN');
  return {
    status: response.status(),
    canonical: seo.canonical.map(local),
    robots: seo.robots,
    properties: seo.properties.map(([name, value]) => [name, local(value)]),
    jsonLdTypes: seo.jsonLdTypes,
  };
}

test('every page carries the same JSON-LD, Open Graph, Twitter and robots on the Node server and the static build', async ({
  page,
  request,
  baseURL,
}) => {
  for (const route of ROUTES) {
    const node = await seoOf(page, request, baseURL!, route);
    const built = await seoOf(page, request, STATIC_BASE_URL, route);
    expect(built, route).toEqual(node);
    // Not vacuous: every page has its Open Graph and Twitter card, and the data pages their JSON-LD.
    expect(
      node.properties.map(([name]) => name),
      route,
    ).toEqual(expect.arrayContaining(['og:title', 'og:description', 'twitter:card']));
  }
  const types = async (route: string) => (await seoOf(page, request, baseURL!, route)).jsonLdTypes;
  expect(await types('/')).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
  expect(await types(`/categories/${seedCategories[0]!.slug}`)).toEqual(
    expect.arrayContaining(['BreadcrumbList', 'ItemList']),
  );
  expect(await types('/products')).toContain('ItemList');
  expect(await types(`/products/${seedAnimal('rainbow-owl').id}`)).toContain('Product');
  expect((await seoOf(page, request, baseURL!, '/no-such-page')).robots).toEqual(['noindex, follow']);
});
