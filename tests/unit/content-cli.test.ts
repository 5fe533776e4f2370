/**
 * `npm run content` on SQLite and PostgreSQL, run as an editor runs it: export the pages to files,
 * change a file, see the dry run, import it as a new version, and the round trip back; files exported
 * before someone saved in the browser are refused (unless forced), as are files that break the rules.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contentMessages } from '../../src/lib/content-messages.ts';
import { loadConfig } from '../../src/server/config.ts';
import { listAudit } from '../../src/server/db/catalogue/audit.ts';
import { createContentWrites, readContentPage } from '../../src/server/db/content/content-pages.ts';
import { openDatabase, type OpenDatabase } from '../../src/server/db/database.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { ownerCommand } from '../helpers/owner-command.ts';
import { freshDatabase, type FreshLocation } from '../helpers/shop.ts';

describeEachDatabase('npm run content', (database) => {
  let location: FreshLocation;
  let folder: string;
  let opened: OpenDatabase;
  beforeAll(async () => {
    location = await freshDatabase(database);
    folder = mkdtempSync(join(tmpdir(), 'content-cli-'));
  });
  afterAll(async () => {
    await opened?.close();
    await location?.remove();
    rmSync(folder, { recursive: true, force: true });
  });

  const content = (...args: string[]) => ownerCommand('content', [...args, '--dir', folder], location.env);
  const about = async () => {
    opened ??= await openDatabase(loadConfig(location.env).database);
    return (await readContentPage(opened.db, 'about'))!;
  };
  const mission = () => join(folder, 'about', 'mission.md');

  it('exports the pages, shows a dry run of a changed file, imports it as a new version, and round-trips', async () => {
    const exported = await content('export');
    expect(exported.status).toBe(0);
    expect(exported.stdout).toContain('about, accessibility');
    for (const file of ['intro.md', 'mission.md', 'story.md', 'team.md', 'team.yaml', 'page.yaml']) {
      expect(existsSync(join(folder, 'about', file)), file).toBe(true);
    }
    expect(readFileSync(join(folder, 'about', 'page.yaml'), 'utf8')).toContain('version: 1');
    writeFileSync(
      mission(),
      readFileSync(mission(), 'utf8').replace('heading: המשימה שלנו', 'heading: המשימה החדשה שלנו'),
    );

    const dry = await content('import', '--dry-run');
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain(contentMessages.cli.wouldChange('about'));
    expect(dry.stdout).toContain(contentMessages.cli.changed(contentMessages.cli.section, 'המשימה החדשה שלנו'));
    expect(dry.stdout).toContain(contentMessages.cli.unchanged('accessibility'));
    expect((await about()).version).toBe(1);

    const imported = await content('import');
    expect(imported.status).toBe(0);
    expect(imported.stdout).toContain(contentMessages.cli.saved('about', 2));
    const now = await about();
    expect(now.sections.map(({ heading }) => heading)).toContain('המשימה החדשה שלנו');
    expect((await listAudit(opened.db)).entries[0]).toMatchObject({ action: 'page.update', entityId: 'about' });
    expect((await listAudit(opened.db)).entries[0]!.actor).toMatch(/^cli:/);

    expect((await content('export')).status).toBe(0);
    const again = await content('import');
    expect(again.stdout).toContain(contentMessages.cli.unchanged('about'));
    expect((await about()).version).toBe(2);
  });

  it('refuses files exported before a save in the browser (unless forced), and files that break the rules', async () => {
    const page = await about();
    await createContentWrites({ db: opened.db, dialect: opened.dialect }).save(
      { id: 'user_editor' },
      'about',
      page.version,
      {
        sections: page.sections.map((section, index) => (index === 0 ? { ...section, heading: 'מהדפדפן' } : section)),
        team: page.team,
      },
    );
    writeFileSync(mission(), readFileSync(mission(), 'utf8').replace('המשימה החדשה שלנו', 'המשימה מהקבצים'));
    const stale = await content('import');
    expect(stale.status).toBe(1);
    expect(stale.stdout).toContain(contentMessages.cli.stale(page.version, page.version + 1));
    expect((await about()).sections[0]!.heading).toBe('מהדפדפן');

    const forced = await content('import', '--force');
    expect(forced.status).toBe(0);
    expect((await about()).sections.map(({ heading }) => heading)).toContain('המשימה מהקבצים');

    await content('export');
    writeFileSync(mission(), `${readFileSync(mission(), 'utf8')}\n## כותרת שאסור\n`);
    const bad = await content('import');
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain(`sections.1.body: ${contentMessages.bodyHeadings}`);
    expect((await content('frobnicate')).status).toBe(2);
  });
});
