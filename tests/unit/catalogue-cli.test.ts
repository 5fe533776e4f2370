/**
 * The owner's command line on SQLite and PostgreSQL, as the owner runs it: `npm run catalogue` (export,
 * dry run, import, a refused file, bad usage) and `npm run seed` refusing to wipe the owner's changes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listAudit } from '../../src/server/db/catalogue/audit.ts';
import { openDatabase, type OpenDatabase } from '../../src/server/db/database.ts';
import { loadConfig } from '../../src/server/config.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { ownerCommand } from '../helpers/owner-command.ts';
import { seedAnimal, seedAnimals } from '../helpers/catalogue.ts';
import { freshDatabase, type FreshLocation } from '../helpers/shop.ts';

describeEachDatabase('npm run catalogue and npm run seed', (database) => {
  let location: FreshLocation;
  let folder: string;
  let opened: OpenDatabase | undefined;
  beforeAll(async () => {
    location = await freshDatabase(database);
    folder = mkdtempSync(join(tmpdir(), 'catalogue-cli-'));
  });
  afterAll(async () => {
    await opened?.close();
    await location?.remove();
    rmSync(folder, { recursive: true, force: true });
  });

  const script = (name: string, ...args: string[]) => ownerCommand(name, args, location.env);

  async function priceOf(slug: string): Promise<number> {
    opened ??= await openDatabase(loadConfig(location.env).database);
    const row = await opened.db.selectFrom('animal').select('price').where('slug', '=', slug).executeTakeFirstOrThrow();
    return Number(row.price);
  }

  it('exports, shows a dry run, imports, and refuses a bad file with its line and column', async () => {
    const file = join(folder, 'קטלוג.csv');
    const exported = await script('catalogue', 'export', file);
    expect(exported).toMatchObject({ status: 0, stdout: `יוצאו ${seedAnimals.length} חיות אל ${file}\n` });
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('\uFEFFid,slug,name,')).toBe(true);

    const sheep = seedAnimal('cloud-sheep');
    writeFileSync(file, text.replace(`,${sheep.price},${sheep.countInStock},`, `,950,${sheep.countInStock},`));
    const dryRun = await script('catalogue', 'import', file, '--dry-run');
    expect(dryRun.status).toBe(0);
    expect(dryRun.stdout).toContain(`price: ${sheep.price} → 950`);
    expect(dryRun.stdout).toContain('זו הרצת ניסיון');
    expect(await priceOf('cloud-sheep')).toBe(sheep.price);

    const applied = await script('catalogue', 'import', file);
    expect(applied.status).toBe(0);
    expect(applied.stdout).toContain('עודכנה חיה אחת');
    expect(await priceOf('cloud-sheep')).toBe(950);

    const bad = join(folder, 'bad.csv');
    const lines = readFileSync(file, 'utf8').split('\r\n');
    const owlLine = lines.findIndex((line) => line.includes(',rainbow-owl,'));
    lines[owlLine] = lines[owlLine]!.replace(',sky-creatures,', ',nowhere,');
    writeFileSync(bad, lines.join('\r\n'));
    const refused = await script('catalogue', 'import', bad);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain(`שורה ${owlLine + 1}, עמודה category: אין קטגוריה עם מזהה הכתובת „nowhere"`);

    const usage = await script('catalogue', 'import');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('npm run catalogue -- import FILE.csv');
    expect((await script('catalogue', 'import', file, '--encoding', 'latin1')).status).toBe(2);
  });

  it('npm run seed refuses to wipe the owner’s changes, naming how many, unless --force', async () => {
    const refused = await script('seed');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('הקטלוג שונה מאז הזריעה האחרונה: שינוי אחד ביומן.');
    expect(await priceOf('cloud-sheep')).toBe(950);

    const forced = await script('seed', '--force');
    expect(forced.status).toBe(0);
    expect(await priceOf('cloud-sheep')).toBe(seedAnimal('cloud-sheep').price);
    const { entries } = await listAudit(opened!.db, { limit: 1 });
    expect(entries[0]).toMatchObject({ action: 'catalogue.seed', actor: expect.stringMatching(/^cli:/) });
    // Seeded again since: nothing of the owner's to lose.
    expect((await script('seed')).status).toBe(0);
  });
});
