import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

describe('configuration', () => {
  it('has a default for every setting', () => {
    expect(loadConfig({})).toEqual({
      host: 'localhost',
      port: 4321,
      database: { kind: 'sqlite', path: 'data/shop.db' },
      seedOnStart: true,
      allowedOrigins: [],
      maxBodyBytes: 16_384,
      apiMaxResults: 1000,
      publicSiteUrl: undefined,
    });
  });

  it('switches to PostgreSQL for a postgres URL only', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/shop' }).database.kind).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/shop' }).database.kind).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'mysql://u@h/shop' }).database.kind).toBe('sqlite');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['ALLOWED_ORIGINS', 'https://ok.example,not a url'],
    ['ALLOWED_ORIGINS', 'https://with.path/shop'],
    ['SEED_ON_START', 'maybe'],
    ['MAX_BODY_BYTES', '-1'],
    ['API_MAX_RESULTS', '99'],
    ['API_MAX_RESULTS', 'all'],
    ['PUBLIC_SITE_URL', 'shop.example'],
    ['PUBLIC_SITE_URL', 'ftp://shop.example'],
  ])('stops with a message naming %s for %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}`));
  });

  it('reads a list of allowed origins', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example, http://localhost:5173' }).allowedOrigins).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
  });

  it('keeps the public site address as its origin', () => {
    expect(loadConfig({ PUBLIC_SITE_URL: 'https://shop.example/' }).publicSiteUrl).toBe('https://shop.example');
    expect(loadConfig({ PUBLIC_SITE_URL: 'http://127.0.0.1:8080/x?y' }).publicSiteUrl).toBe('http://127.0.0.1:8080');
  });
});
