/**
 * Backups on SQLite and PostgreSQL (docs/operations.md#backups-and-restore): one taken while contact
 * messages and the owner's edits are being written passes its check, holds every message acknowledged
 * before it began and none twice, and a shop started on it answers; one taken once the writes stop
 * answers every catalogue question exactly as the shop it came from. `npm run backup` prints the file, its
 * size and what it holds, and fails in one line with nothing left under a backup's name.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { takeBackup, type BackupTaken } from '../../src/server/db/backup/backups.ts';
import { checkSqliteFile } from '../../src/server/db/backup/sqlite-backup-file.ts';
import { CLERK_TEST_ENV, restoreIntoFresh, startWriters } from '../helpers/backups.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { MIGRATION_NAMES } from '../helpers/migrations.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

/** The catalogue's public answers: every category with its animals, searches, animals, by path. */
async function catalogueAnswers(request: (path: string) => Promise<Response>): Promise<Map<string, string>> {
  const get = async (path: string) => {
    const answer = await request(path);
    return `${answer.status} ${answer.headers.get('etag')} ${await answer.text()}`;
  };
  const answers = new Map<string, string>();
  const categories = JSON.parse((await get('/categories')).replace(/^\S+ \S+ /, '')) as { slug: string }[];
  const paths = [
    '/categories',
    ...categories.map((category) => `/categories/${category.slug}?isPopulate=true`),
    '/animals/search?search=&sort=name&limit=1000',
    `/animals/search?search=${encodeURIComponent('דרקון')}&sort=price`,
    `/animals/search?search=${encodeURIComponent('חתול')}&sort=name`,
  ];
  for (const path of paths) answers.set(path, await get(path));
  return answers;
}

describeEachDatabase('a backup while the shop writes', (database) => {
  let shop: TestShop;
  let folder: string;
  let animalId: string;
  let during: BackupTaken;
  const writesMeanwhile = { messages: 0, edits: 0 };

  beforeAll(async () => {
    shop = await openTestShop(CLERK_TEST_ENV, database);
    folder = mkdtempSync(join(tmpdir(), 'shop-backups-'));
    const found = (await (await shop.get('/animals/search?search=&sort=name&limit=1')).json()) as {
      animals: { _id: string }[];
    };
    animalId = found.animals[0]!._id;
  });
  afterAll(async () => {
    await shop?.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it('holds every message acknowledged before it began, none twice, the edits up to then, and opens', async () => {
    const writers = startWriters(shop, animalId);
    try {
      // Writes under way first: some of each acknowledged.
      await vi.waitFor(() => expect(writers.messages.length > 20 && writers.edits.length > 3).toBe(true), {
        timeout: 60_000,
      });
      const started = performance.now();
      const before = { messages: writers.messages.slice(), edits: writers.edits.slice() };
      during = await takeBackup(shop.config.database, folder);
      const ended = performance.now();
      writesMeanwhile.messages = writers.messages.filter(({ at }) => at > started && at < ended).length;
      writesMeanwhile.edits = writers.edits.filter(({ at }) => at > started && at < ended).length;

      // Checked, under its own name, nothing half-written beside it.
      expect(readdirSync(folder)).toEqual([during.file.split('/').at(-1)]);
      expect(during.migrations).toEqual(MIGRATION_NAMES);
      if (database === 'sqlite') expect(checkSqliteFile(during.file).migrations).toEqual(MIGRATION_NAMES);

      const restored = await restoreIntoFresh(database, during.file);
      try {
        const keys = await restored.keys();
        expect(new Set(keys).size).toBe(keys.length);
        expect(keys.length).toBe(during.contents.contactMessages);
        const present = new Set(keys);
        expect(before.messages.filter(({ key }) => !present.has(key))).toEqual([]);
        // The owner's price as the backup holds it: one of the acknowledged edits, no older than the last before it began.
        const animal = await restored.shop.database.db
          .selectFrom('animal')
          .select(['price', 'version'])
          .where('id', '=', animalId)
          .executeTakeFirstOrThrow();
        const lastBefore = before.edits.at(-1)!;
        expect(animal.version).toBeGreaterThanOrEqual(lastBefore.version);
        expect(writers.edits.find((edit) => edit.version === animal.version)?.price).toBe(animal.price);
        // The shop answers on it.
        const answer = await restored.request('/categories');
        expect(answer.status).toBe(200);
      } finally {
        await restored.dispose();
      }
    } finally {
      await writers.stop();
    }
    // Nobody waited for the backup: messages and edits were acknowledged while it ran.
    expect(writesMeanwhile.messages).toBeGreaterThan(0);
  });

  it('taken once the writes stop, a shop on it answers the catalogue exactly as the shop it came from', async () => {
    const quiet = await takeBackup(shop.config.database, folder);
    expect(quiet.file).not.toBe(during.file);
    const restored = await restoreIntoFresh(database, quiet.file);
    try {
      const [live, again] = [await catalogueAnswers(shop.get), await catalogueAnswers(restored.request)];
      expect(live.size).toBeGreaterThan(10);
      expect(again).toEqual(live);
      expect(await restored.keys()).toHaveLength(quiet.contents.contactMessages);
    } finally {
      await restored.dispose();
    }
  });

  it('npm run backup prints the file, its size and what it holds; a failure is one line and leaves no file', () => {
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['scripts/backup.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          DATABASE_URL: '',
          ...(shop.config.database.kind === 'sqlite'
            ? { DATABASE_PATH: shop.config.database.path }
            : { DATABASE_URL: shop.config.database.url }),
          BACKUP_KEEP: '2',
          ...env,
        },
        encoding: 'utf8',
      });
    const commandFolder = join(folder, 'command');
    const done = run({ BACKUP_DIR: commandFolder });
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
    const [file] = readdirSync(commandFolder);
    expect(file).toMatch(database === 'sqlite' ? /^shop-\d{8}T\d{6}Z\.db$/ : /^shop-\d{8}T\d{6}Z\.dump$/);
    expect(done.stdout).toContain(join(commandFolder, file!));
    expect(done.stdout).toMatch(
      new RegExp(
        `\\d+ bytes\\): 60 animals, 10 categories, 0 pictures, 2 content versions, \\d+ contact messages; schema ${MIGRATION_NAMES.at(-1)} \\(this version's\\); checked`,
      ),
    );

    // The folder cannot be made (a file is in the way): one line, exit 1.
    const blocked = join(folder, 'a-file');
    writeFileSync(blocked, '');
    const refused = run({ BACKUP_DIR: join(blocked, 'backups') });
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^backup failed: BACKUP_DIR=.*a-file\/backups: cannot create the folder/),
    ]);

    if (database === 'postgres') {
      // Without PostgreSQL's client programs on PATH: the program is named.
      const bare = mkdtempSync(join(tmpdir(), 'no-pg-dump-'));
      const missing = run({ BACKUP_DIR: commandFolder, PATH: bare });
      rmSync(bare, { recursive: true, force: true });
      expect(missing.status).toBe(1);
      expect(missing.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^backup failed: pg_dump is not installed: .*postgresql-client/),
      ]);
      expect(readdirSync(commandFolder)).toEqual([file]);
    }
  });
});

describe('a backup file that fails its check', () => {
  it('is named for what is wrong with it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'shop-not-a-backup-'));
    try {
      const path = join(folder, 'shop.db');
      writeFileSync(path, 'SQLite format 3\0'.padEnd(4096, 'x'));
      expect(() => checkSqliteFile(path)).toThrow(/not a database|malformed|corrupt/i);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
