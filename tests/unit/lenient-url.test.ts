import { describe, expect, it } from 'vitest';
import { lenientDecode, lenientDecodeQueryComponent, normalizePercentEscapes } from '../../src/lib/lenient-url.ts';

describe('lenient percent-decoding', () => {
  it.each([
    ['100%', '100%'],
    ['a%zz', 'a%zz'],
    ['%', '%'],
    ['%4', '%4'],
    ['100%25', '100%'],
    ['%D7%93%D7%A8%D7%A7%D7%95%D7%9F', 'דרקון'],
    ['%C3%28', '\uFFFD('],
    ['%FF', '\uFFFD'],
    ['%E2%82', '\uFFFD'],
    ['a+b', 'a+b'],
    ['plain', 'plain'],
  ])('reads %s as %s', (raw, decoded) => {
    expect(lenientDecode(raw)).toBe(decoded);
  });

  it('reads + in a query component as a space', () => {
    expect(lenientDecodeQueryComponent('a+b%2B')).toBe('a b+');
  });

  it('agrees with the URL standard’s own query parsing', () => {
    for (const raw of ['100%', 'a%zz', '%C3%28x', '%E2%82%AC%', 'x%2', '%%41']) {
      expect(lenientDecodeQueryComponent(raw)).toBe(new URLSearchParams(`q=${raw}`).get('q'));
    }
  });

  it('rewrites a target so strict decoding accepts it and reads the same text', () => {
    for (const target of ['/products?query=100%', '/api/animals/%', '/x?q=a%zz&b=%C3%28', '/x?q=%E2%82%AC%FF']) {
      const normalized = normalizePercentEscapes(target);
      expect(() => decodeURI(normalized)).not.toThrow();
      expect(decodeURIComponent(normalized)).toBe(lenientDecode(target));
    }
    expect(normalizePercentEscapes('/products?query=100%')).toBe('/products?query=100%25');
  });

  it('leaves valid targets as they are', () => {
    for (const target of ['/', '/products?query=%D7%90%20b&sort=price', '/api/categories/a%2Fb']) {
      expect(normalizePercentEscapes(target)).toBe(target);
    }
  });
});
