import { describe, expect, it } from 'vitest';
import { mergeVary } from '../../src/server/http/cors.ts';
import { publicOrigin, withAbsolutePictures } from '../../src/server/http/public-origin.ts';

const request = (headers: Record<string, string> = {}) =>
  new Request('http://10.0.0.5:4321/api/categories', { headers });
const forwarded = { 'X-Forwarded-Host': 'shop.example', 'X-Forwarded-Proto': 'https' };

describe('the origin of picture URLs', () => {
  it('is PUBLIC_SITE_URL when set, whatever the request says', () => {
    expect(publicOrigin(request(forwarded), { publicSiteUrl: 'https://public.example', trustProxy: true })).toBe(
      'https://public.example',
    );
  });

  it('is the request’s own without PUBLIC_SITE_URL, ignoring X-Forwarded-* unless TRUST_PROXY', () => {
    expect(publicOrigin(request(forwarded), { publicSiteUrl: undefined, trustProxy: false })).toBe(
      'http://10.0.0.5:4321',
    );
  });

  it('follows X-Forwarded-Host/-Proto (the first of a list) with TRUST_PROXY', () => {
    expect(publicOrigin(request(forwarded), { publicSiteUrl: undefined, trustProxy: true })).toBe(
      'https://shop.example',
    );
    const chain = { 'X-Forwarded-Host': 'a.example:8443, b.example', 'X-Forwarded-Proto': 'https, http' };
    expect(publicOrigin(request(chain), { publicSiteUrl: undefined, trustProxy: true })).toBe('https://a.example:8443');
  });

  it('refuses forwarded hosts that are not plain host names', () => {
    for (const host of ['evil.example/path', 'user@evil.example', 'a b']) {
      const headers = { 'X-Forwarded-Host': host, 'X-Forwarded-Proto': 'gopher' };
      expect(publicOrigin(request(headers), { publicSiteUrl: undefined, trustProxy: true })).toBe(
        'http://10.0.0.5:4321',
      );
    }
  });

  it('makes img absolute in every answer shape, and leaves absolute ones alone', () => {
    const origin = 'https://shop.example';
    const category = { slug: 'c', img: '/art/categories/c.svg' };
    const animal = { slug: 'a', img: '/art/animals/a.svg' };
    expect(withAbsolutePictures(origin, [category])).toEqual([{ slug: 'c', img: `${origin}/art/categories/c.svg` }]);
    expect(withAbsolutePictures(origin, animal).img).toBe(`${origin}/art/animals/a.svg`);
    const detail = withAbsolutePictures(origin, { category, animals: [animal], total: 1 });
    expect(detail.category.img).toBe(`${origin}/art/categories/c.svg`);
    expect(detail.animals[0]!.img).toBe(`${origin}/art/animals/a.svg`);
    expect(
      withAbsolutePictures(origin, { animals: [{ img: 'https://cdn.example/x.svg' }], total: 1 }).animals[0]!.img,
    ).toBe('https://cdn.example/x.svg');
    expect(category.img).toBe('/art/categories/c.svg'); // the catalogue's own objects are not changed
  });
});

describe('Vary', () => {
  it('names each header once', () => {
    expect(mergeVary('Origin', 'Origin', 'origin', 'Accept-Encoding')).toBe('Origin, Accept-Encoding');
    expect(mergeVary(undefined, 'Origin')).toBe('Origin');
  });
});
