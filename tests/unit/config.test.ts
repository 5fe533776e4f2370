import { describe, expect, it } from 'vitest';
import { ConfigError, loadBuildSettings, loadConfig } from '../../src/server/config.ts';

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
      publicContactEmail: undefined,
      publicSiteUrl: undefined,
      trustProxy: false,
      cache: { maxEntries: 10_000, maxBytes: 32 * 1024 * 1024 },
      allowedHosts: [],
      hsts: false,
      searchIndexAnimals: 150_000,
      shutdownDrainMs: 5000,
      shutdownGraceMs: 10_000,
      logLevel: 'info',
      logFormat: 'auto',
      metrics: { token: undefined, port: undefined, host: '127.0.0.1' },
      backup: { dir: 'data/backups', everySeconds: undefined, keep: 8 },
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(loadConfig({ SEARCH_INDEX_ANIMALS: '1000' }).searchIndexAnimals).toBe(1000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: 'soon' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '30000' }).shutdownGraceMs).toBe(30_000);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('switches to PostgreSQL for a postgres URL only', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/shop' }).database.kind).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/shop' }).database.kind).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: '' }).database.kind).toBe('sqlite');
  });

  it.each(['postgress://u@h/shop', 'mysql://u@h/shop', 'shop.db'])(
    'refuses DATABASE_URL=%s instead of falling back to SQLite',
    (url) => {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
        /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
      );
    },
  );

  it('reads ALLOWED_HOSTS and HSTS', () => {
    expect(loadConfig({ ALLOWED_HOSTS: 'Shop.Example, 127.0.0.1,[::1]', HSTS: 'true' })).toMatchObject({
      allowedHosts: ['shop.example', '127.0.0.1', '[::1]'],
      hsts: true,
    });
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
    ['PUBLIC_CONTACT_EMAIL', 'not an address'],
    ['PUBLIC_CONTACT_EMAIL', 'a@b.example?cc=x@y.example'],
    ['PUBLIC_SITE_URL', 'shop.example'],
    ['PUBLIC_SITE_URL', 'ftp://shop.example'],
    ['PUBLIC_SITE_URL', 'https://shop.example/?x=1'],
    ['TRUST_PROXY', 'yes'],
    ['CACHE_ENTRIES', '-1'],
    ['SEARCH_INDEX_ANIMALS', '-1'],
    ['SEARCH_INDEX_ANIMALS', '0'],
    ['SEARCH_INDEX_ANIMALS', 'many'],
    ['CACHE_BYTES', '-1'],
    ['ALLOWED_HOSTS', 'https://shop.example'],
    ['ALLOWED_HOSTS', 'shop.example:443'],
    ['HSTS', 'yes'],
  ])('stops with a message naming %s for %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}`));
  });

  it('reads the backups’ settings: a duration in seconds, minutes, hours or days; the folder beside the database', () => {
    expect(loadConfig({ BACKUP_EVERY: '6h' }).backup.everySeconds).toBe(21_600);
    expect(loadConfig({ BACKUP_EVERY: '90' }).backup.everySeconds).toBe(90);
    expect(loadConfig({ BACKUP_EVERY: '30m', BACKUP_KEEP: '3' }).backup).toMatchObject({ everySeconds: 1800, keep: 3 });
    expect(loadConfig({ BACKUP_EVERY: '1d' }).backup.everySeconds).toBe(86_400);
    expect(loadConfig({ DATABASE_PATH: '/srv/shop/shop.db' }).backup.dir).toBe('/srv/shop/backups');
    expect(loadConfig({ BACKUP_DIR: '/mnt/backups' }).backup.dir).toBe('/mnt/backups');
    for (const wrong of ['0', 'soon', '6 hours', '-1h', '31d'])
      expect(() => loadConfig({ BACKUP_EVERY: wrong }), wrong).toThrow(/BACKUP_EVERY/);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });

  it('reads a list of allowed origins', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example, http://localhost:5173' }).allowedOrigins).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
  });

  it('reads the contact address of a static build', () => {
    expect(loadConfig({ PUBLIC_CONTACT_EMAIL: ' owner@shop.example ' }).publicContactEmail).toBe('owner@shop.example');
  });

  it('reads what a build needs without the server’s own settings, validated the same way', () => {
    const env = {
      PORT: 'abc',
      DATABASE_URL: 'mysql://nope',
      PUBLIC_SITE_URL: 'https://shop.example/',
      PUBLIC_CONTACT_EMAIL: 'a@shop.example',
    };
    expect(loadBuildSettings(env)).toEqual({
      publicSiteUrl: 'https://shop.example',
      publicContactEmail: 'a@shop.example',
    });
    expect(() => loadConfig(env)).toThrow(/PORT/);
    expect(() => loadBuildSettings({ PUBLIC_SITE_URL: 'ftp://shop.example' })).toThrow(ConfigError);
    expect(() => loadBuildSettings({ PUBLIC_SITE_URL: 'ftp://shop.example' })).toThrow(/PUBLIC_SITE_URL/);
  });

  it('keeps PUBLIC_SITE_URL as its origin, without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_SITE_URL: 'https://Shop.Example/' }).publicSiteUrl).toBe('https://shop.example');
    expect(loadConfig({ PUBLIC_SITE_URL: 'http://localhost:8080' }).publicSiteUrl).toBe('http://localhost:8080');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });
});
