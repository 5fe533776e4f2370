/**
 * `npm run restore -- FILE` (docs/operations.md#restoring): the backup taken before a migration restores
 * and the next start migrates it forward; the restore refuses while a process has the database open (how it
 * knows: the lock every process holds beside the SQLite file; on PostgreSQL the connection every server keeps
 * open), refuses a file that fails its check or was made by a newer version, and keeps the database it
 * replaced beside it. A server starting during a restore waits for it and then refuses, naming it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { takeBackup } from '../../src/server/db/backup/backups.ts';
import { restorePostgres } from '../../src/server/db/backup/postgres-restore.ts';
import { RestoreRefused } from '../../src/server/db/backup/restore.ts';
import { checkSqliteFile } from '../../src/server/db/backup/sqlite-backup-file.ts';
import { createContactStore } from '../../src/server/db/contact/contact-messages.ts';
import { openDatabase, sqliteLockPath } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrations/migrations.ts';
import { seedIfEmpty } from '../../src/server/db/seed/seed.ts';
import { tryExclusive } from '../../src/server/process-lock.ts';
import { openShop, type Shop } from '../../src/server/shop.ts';
import { apiClient } from '../helpers/front-server.ts';
import { describeOnDatabase } from '../helpers/databases.ts';
import { MIGRATION_NAMES } from '../helpers/migrations.ts';
import { createPostgresDatabase, testDatabaseUrl, type FreshDatabase } from '../helpers/postgres.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const BEFORE_LATEST = MIGRATION_NAMES.at(-2)!;
const LATEST = MIGRATION_NAMES.at(-1)!;

/** A database as the version before the latest migration left it: seeded, with one contact message. */
async function olderDatabase(config: Config, subject: string): Promise<void> {
  const older = await openDatabase(config.database);
  try {
    await migrate(older.db, older.dialect, BEFORE_LATEST);
    await seedIfEmpty(older.db);
    await createContactStore(older.db).save({ subject, message: 'נשלחה לפני השדרוג' });
  } finally {
    await older.close();
  }
}

const subjects = async (shop: Shop) =>
  (await shop.database.db.selectFrom('contact_message').select('subject').orderBy('subject').execute()).map(
    (row) => row.subject,
  );
const migrationsOf = async (shop: Shop) =>
  (
    await shop.database.db
      .selectFrom('kysely_migration' as 'animal')
      .select('name')
      .orderBy('name')
      .execute()
  ).map((row) => row.name);

describe('restore on SQLite', () => {
  let folder: string;
  let env: Record<string, string>;
  let config: Config;
  let beforeMigration: string;

  const restore = (file: string) =>
    spawnSync(process.execPath, ['scripts/restore.ts', file], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'shop-restore-'));
    env = { DATABASE_URL: '', DATABASE_PATH: join(folder, 'shop.db'), CACHE_ENTRIES: '0' };
    config = loadConfig(env);
    await olderDatabase(config, 'לפני');
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('takes a backup before migrating, and refuses to restore while the database is open', async () => {
    const shop = await openShop(config);
    try {
      // The start found a migration to run and took its backup first (BACKUP_DIR: backups/ beside the database).
      const [name, ...others] = readdirSync(join(folder, 'backups'));
      expect(others).toEqual([]);
      expect(name).toMatch(new RegExp(`^shop-\\d{8}T\\d{6}Z-before-${LATEST}\\.db$`));
      beforeMigration = join(folder, 'backups', name!);
      expect(checkSqliteFile(beforeMigration)).toMatchObject({
        migrations: MIGRATION_NAMES.slice(0, -1),
        contents: { animals: 60, categories: 10, contactMessages: 1 },
      });
      expect(await migrationsOf(shop)).toEqual(MIGRATION_NAMES);
      expect(await shop.backups.lastGood()).toMatchObject({ file: beforeMigration });
      await createContactStore(shop.database.db).save({ subject: 'אחרי', message: 'נשלחה אחרי השדרוג' });

      const refused = restore(beforeMigration);
      expect(refused.status).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `restore refused: DATABASE_PATH=${env.DATABASE_PATH} is open in a running server or shop command (it holds shop.db.lock): stop it, then restore`,
      );
      expect(await subjects(shop)).toEqual(['אחרי', 'לפני']);
    } finally {
      await shop.close();
    }
  });

  it('refuses a file that fails its check or comes from a newer version, and changes nothing', () => {
    const future = join(folder, 'future.db');
    copyFileSync(beforeMigration, future);
    const file = new SQLite(future);
    file.exec(
      "update kysely_migration set name = '9999_from_the_future' where name = (select max(name) from kysely_migration)",
    );
    file.close();
    const newer = restore(future);
    expect(newer.status).toBe(1);
    expect(newer.stderr).toMatch(
      /^restore refused: .*future\.db cannot be restored: it was made by a newer version of the shop \(migration 9999_from_the_future is unknown here\)/,
    );
    // A file cut short (a copy that stopped half-way): its pages are missing.
    const cut = join(folder, 'cut.db');
    writeFileSync(cut, readFileSync(beforeMigration).subarray(0, 64 * 1024));
    const broken = restore(cut);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/^restore refused: .*cut\.db failed its check: /);
    const missing = restore(join(folder, 'nothing-here.db'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^restore refused: .*nothing-here\.db: no such file/);
    expect(readdirSync(folder).filter((name) => name.includes('before-restore'))).toEqual([]);
  });

  it('restores the backup from before the migration, keeps the database it replaced, and the start migrates it', async () => {
    const done = restore(beforeMigration);
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
    expect(done.stdout).toContain(
      `60 animals, 10 categories, 0 pictures, 0 content versions, 1 contact messages; schema ${BEFORE_LATEST}, 1 migration(s) behind this version`,
    );
    const kept = readdirSync(folder).filter((name) => /^shop\.db\.before-restore-\d{8}T\d{6}Z$/.test(name));
    expect(kept).toHaveLength(1);
    expect(done.stdout).toContain(`kept as ${join(folder, kept[0]!)}`);
    expect(checkSqliteFile(join(folder, kept[0]!))).toMatchObject({
      migrations: MIGRATION_NAMES,
      contents: { contactMessages: 2 },
    });

    const shop = await openShop(config);
    const client = apiClient(shop);
    try {
      expect(await migrationsOf(shop)).toEqual(MIGRATION_NAMES);
      expect(await subjects(shop)).toEqual(['לפני']);
      const categories = await client.request('/categories');
      expect(categories.status).toBe(200);
      expect((await categories.json()) as unknown[]).toHaveLength(10);
    } finally {
      await client.close();
      await shop.close();
    }
  });

  it('while a restore holds the database, a server that starts waits for it and then refuses, naming it', async () => {
    const lock = await tryExclusive(sqliteLockPath(config.database.kind === 'sqlite' ? config.database.path : ''));
    expect(lock).toBeDefined();
    try {
      await expect(openShop(config)).rejects.toThrow(
        `DATABASE_PATH=${env.DATABASE_PATH}: a restore (npm run restore) is replacing this database; start again once it has finished`,
      );
    } finally {
      lock!.release();
    }
  });
});

describeOnDatabase('postgres', 'restore on PostgreSQL', () => {
  let fresh: FreshDatabase;
  let config: Config;
  let folder: string;

  beforeAll(async () => {
    fresh = await createPostgresDatabase();
    config = loadConfig({ DATABASE_URL: fresh.url, CACHE_ENTRIES: '0' });
    folder = mkdtempSync(join(tmpdir(), 'shop-restore-pg-'));
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `${fresh.name}_%`,
    ]);
    for (const { datname } of rows) await admin.query(`drop database "${datname}" with (force)`);
    await admin.end();
    await fresh?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuses while a server is connected, then restores an older dump beside the old database, migrated at the start', async () => {
    await olderDatabase(config, 'לפני');
    const older = await takeBackup(config.database, folder);
    expect(older.migrations).toEqual(MIGRATION_NAMES.slice(0, -1));
    const shop = await openShop(config);
    try {
      await createContactStore(shop.database.db).save({ subject: 'אחרי', message: 'נשלחה אחרי השדרוג' });
      const refused = restorePostgres(older.file, fresh.url);
      await expect(refused).rejects.toThrow(RestoreRefused);
      await expect(refused).rejects.toThrow(
        new RegExp(
          `^the database ${fresh.name} is in use \\(\\d+ × hanut-hatiflatzim: every running server keeps a connection open\\)`,
        ),
      );
      expect(await subjects(shop)).toEqual(['אחרי', 'לפני']);
    } finally {
      await shop.close();
    }

    const said = await restorePostgres(older.file, fresh.url);
    expect(said).toContain(`1 contact messages; schema ${BEFORE_LATEST}, 1 migration(s) behind this version`);
    const kept = /kept as (\S+)/.exec(said)?.[1];
    expect(kept).toMatch(new RegExp(`^${fresh.name}_before_restore_\\d{8}t\\d{6}z$`));
    const before = await openShop(
      loadConfig({ DATABASE_URL: fresh.url.replace(fresh.name, kept!), CACHE_ENTRIES: '0' }),
    );
    try {
      expect(await subjects(before)).toEqual(['אחרי', 'לפני']);
    } finally {
      await before.close();
    }
    const restored = await openShop(config);
    try {
      expect(await migrationsOf(restored)).toEqual(MIGRATION_NAMES);
      expect(await subjects(restored)).toEqual(['לפני']);
    } finally {
      await restored.close();
    }
  });
});
