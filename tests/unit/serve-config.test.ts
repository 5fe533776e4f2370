/** The production server refuses a wrong setting before it does anything, naming the setting. */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serve = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['scripts/serve.ts'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('npm start with a wrong setting', () => {
  it('stops with exit code 1 naming it, before any build', () => {
    const result = spawnSync(process.execPath, ['scripts/start.ts'], {
      env: { ...process.env, PORT: 'abc', DATABASE_PATH: ':memory:' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).not.toContain('building');
  });
});

describe('scripts/serve.ts configuration', () => {
  it.each([
    ['PORT', 'not-a-port'],
    ['ALLOWED_ORIGINS', 'ftp:/nope'],
    ['SEED_ON_START', 'perhaps'],
  ])('stops with exit code 1 and names %s', (name, value) => {
    const result = serve({ [name]: value, DATABASE_PATH: ':memory:' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(name);
    expect(result.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });
});

/**
 * Settings that pass validation but cannot work: each stops the start with one or two lines
 * naming the setting and the problem, exit code 1, no stack trace, and no hang (the spawn's timeout).
 * The port in use needs the built shop: tests/e2e/hardening.spec.ts.
 */
describe('scripts/serve.ts start-up failures', () => {
  const folder = mkdtempSync(join(tmpdir(), 'shop-bad-settings-'));
  const notSqlite = join(folder, 'notes.db');
  writeFileSync(notSqlite, 'these are not the tables you are looking for\n'.repeat(20));
  const readOnlyFolder = join(folder, 'read-only');
  mkdirSync(readOnlyFolder);
  chmodSync(readOnlyFolder, 0o555);
  // root writes into a mode-555 folder anyway; sysfs refuses new files even to root.
  const unwritable = process.getuid?.() === 0 ? '/sys/shop.db' : join(readOnlyFolder, 'shop.db');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it.each([
    [
      'DATABASE_URL with a typo in the scheme',
      { DATABASE_URL: 'postgress://shop@127.0.0.1/shop' },
      /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
    ],
    [
      'DATABASE_URL of a server that is not there',
      { DATABASE_URL: 'postgres://shop:secret-password@127.0.0.1:1/shop' },
      /DATABASE_URL: cannot reach PostgreSQL at 127\.0\.0\.1:1\/shop/,
    ],
    ['DATABASE_PATH that is a folder', { DATABASE_PATH: folder }, /DATABASE_PATH=.*: is a folder/],
    [
      'DATABASE_PATH that is not an SQLite file',
      { DATABASE_PATH: notSqlite },
      /DATABASE_PATH=.*: is not an SQLite database file/,
    ],
    [
      'DATABASE_PATH under /dev/null',
      { DATABASE_PATH: '/dev/null/shop.db' },
      /DATABASE_PATH=\/dev\/null\/shop\.db: \/dev\/null is a file, not a folder/,
    ],
    [
      'DATABASE_PATH under /proc (hung before)',
      { DATABASE_PATH: '/proc/x/shop.db' },
      /DATABASE_PATH=\/proc\/x\/shop\.db: cannot create the folder \/proc\/x/,
    ],
    [
      'DATABASE_PATH in a folder it cannot write',
      { DATABASE_PATH: unwritable },
      /DATABASE_PATH=.*: (?:cannot be opened or created|is read-only)/,
    ],
  ])('%s', (_case, env, message) => {
    const result = serve({ DATABASE_URL: '', ...env });
    expect(result.error, 'no hang').toBeUndefined();
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
    expect(result.stderr).not.toMatch(/\n\s+at |secret-password/);
  });
});

describe('a catalogue larger than one server holds', () => {
  it('refuses to start, in one line naming SEARCH_INDEX_ANIMALS and the size', () => {
    const folder = mkdtempSync(join(tmpdir(), 'too-large-'));
    try {
      // The seed catalogue (about a hundred animals) against a server that holds 10.
      const result = serve({
        DATABASE_URL: '',
        DATABASE_PATH: join(folder, 'shop.db'),
        SEED_ON_START: 'true',
        SEARCH_INDEX_ANIMALS: '10',
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^SEARCH_INDEX_ANIMALS=10: the catalogue has \d+ animals, more than this server holds/);
      expect(lines[0]).toContain('docs/operations.md');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
