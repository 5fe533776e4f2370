import { describe, expect, it } from 'vitest';
import { ConfigError, readPublicApiUrl } from '../../src/server/config.ts';

describe('PUBLIC_API_URL (read at build time, src/server/config.ts)', () => {
  it('defaults to the same origin /api', () => {
    expect(readPublicApiUrl({})).toBe('/api');
    expect(readPublicApiUrl({ PUBLIC_API_URL: '  ' })).toBe('/api');
  });

  it('takes a path or an absolute http(s) URL, without trailing slashes', () => {
    expect(readPublicApiUrl({ PUBLIC_API_URL: '/shop/api/' })).toBe('/shop/api');
    expect(readPublicApiUrl({ PUBLIC_API_URL: 'https://api.example/v1/' })).toBe('https://api.example/v1');
    expect(readPublicApiUrl({ PUBLIC_API_URL: 'http://127.0.0.1:4321/api' })).toBe('http://127.0.0.1:4321/api');
  });

  it.each(['api', '//cdn.example/api', 'ftp://x.example/api', 'https://api.example/v1?key=1', 'not a url'])(
    'stops with a message naming PUBLIC_API_URL for %s',
    (value) => {
      expect(() => readPublicApiUrl({ PUBLIC_API_URL: value })).toThrow(ConfigError);
      expect(() => readPublicApiUrl({ PUBLIC_API_URL: value })).toThrow(/PUBLIC_API_URL/);
    },
  );
});
