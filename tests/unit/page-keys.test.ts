/**
 * The page cache's keys (src/server/http/page-keys.ts): URLs a page reads as the same state share one
 * entry; URLs it reads differently never do.
 */
import { describe, expect, it } from 'vitest';
import { pageKey, staticKey, versionOfPage } from '../../src/server/http/page-keys.ts';

const ORIGIN = 'https://shop.example';
const key = (target: string) => {
  const url = new URL(target, ORIGIN);
  return pageKey(ORIGIN, url.pathname, url.search);
};

describe('page keys', () => {
  it.each([
    ['/products', '/products?sort=name'],
    ['/products', '/products?page=1'],
    ['/products', '/products?query='],
    ['/products', '/products?utm_source=mail&fbclid=x&gclid=y'],
    ['/products?query=קטן&sort=price', '/products?sort=price&query=קטן'],
    ['/products?query=קטן', '/products?query=%D7%A7%D7%98%D7%9F&utm_campaign=a'],
    ['/products?query=קטן', '/products?query=+קטן+'],
    ['/products?page=3', '/products?page=3&from=3'],
    ['/categories/sky-creatures', '/categories/sky-creatures?page=1&utm_medium=x'],
    ['/products/abc', '/products/abc?ref=x'],
    // The search's filters, read as the list reads them.
    ['/products?minPrice=10&inStock=1', '/products?inStock=true&minPrice=10.0'],
    ['/products?category=sky-creatures', '/products?category=sky-creatures&minPrice=&maxPrice=&minRating=0'],
    ['/products?minPrice=10&maxPrice=50', '/products?minPrice=50&maxPrice=10'],
    ['/products', '/products?minPrice=cheap&category=Not%20A%20Slug&inStock=maybe'],
    ['/products', '/products?exact=1'],
    // The favourites page: its shell, or a shared list as the page reads its ids.
    ['/favorites', '/favorites?utm_source=mail'],
    [
      '/favorites?ids=aaaaaaaaaaaaaaaaaaaaaaaa,bbbbbbbbbbbbbbbbbbbbbbbb',
      '/favorites?ids=AAAAAAAAAAAAAAAAAAAAAAAA,%20bbbbbbbbbbbbbbbbbbbbbbbb,aaaaaaaaaaaaaaaaaaaaaaaa,nonsense',
    ],
  ])('%s and %s share one entry', (a, b) => {
    expect(key(a)).toBeDefined();
    expect(key(b)).toBe(key(a));
  });

  it.each([
    ['/products', '/products?sort=price'],
    ['/products', '/products?query=קטן'],
    ['/products', '/products?page=2'],
    ['/products?page=3', '/products?page=3&from=2'],
    ['/categories/sky-creatures', '/categories/sky-creatures?page=2'],
    ['/products/abc', '/products/abd'],
    ['/products', '/products?inStock=1'],
    ['/products?minPrice=10', '/products?maxPrice=10'],
    ['/products?category=sky-creatures', '/products?category=sea-monsters'],
    ['/products?minRating=3', '/products?minRating=4'],
    ['/products?query=sreui', '/products?query=sreui&exact=1'],
    ['/favorites', '/favorites?ids='],
    [
      '/favorites?ids=aaaaaaaaaaaaaaaaaaaaaaaa,bbbbbbbbbbbbbbbbbbbbbbbb',
      '/favorites?ids=bbbbbbbbbbbbbbbbbbbbbbbb,aaaaaaaaaaaaaaaaaaaaaaaa',
    ],
  ])('%s and %s do not', (a, b) => {
    expect(key(b)).not.toBe(key(a));
  });

  it('names the public origin: another origin is another entry', () => {
    expect(pageKey('https://a.example', '/', '')).not.toBe(pageKey('https://b.example', '/', ''));
  });

  it('keeps the signed-out pages and static files, not the rest', () => {
    for (const path of [
      '/',
      '/categories',
      '/products',
      '/about',
      '/accessibility',
      '/contact',
      '/robots.txt',
      '/sitemap.xml',
      '/sitemaps/animals-1.xml',
    ])
      expect(key(path), path).toBeDefined();
    expect(key('/previews/animals/abc.png')).toBeDefined();
    for (const path of ['/sign-in', '/sign-up/x', '/admin', '/auth/clerk-settings.json', '/nowhere'])
      expect(key(path), path).toBeUndefined();
    expect(staticKey('/_astro/index.abc123.css')).toBeDefined();
    expect(staticKey('/art/animals/x.svg')).toBeDefined();
    expect(staticKey('/products')).toBeUndefined();
  });

  it('keeps the content pages by the content’s version, every other page by the catalogue’s', () => {
    expect(versionOfPage('/about')).toBe('content');
    expect(versionOfPage('/accessibility/')).toBe('content');
    expect(versionOfPage('/products')).toBe('catalogue');
    expect(versionOfPage('/')).toBe('catalogue');
  });
});
