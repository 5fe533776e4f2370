/**
 * The content pages in the database, on SQLite and PostgreSQL: seeded from src/content when empty,
 * saved as versions (stale and version-less saves refused), restored as new versions, audited; and on
 * two servers over one database, a save shows on both servers' /about within a second while their kept
 * catalogue pages stay kept.
 */
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readContentPage, createContentWrites, listContentHistory } from '../../src/server/db/content/content-pages.ts';
import { seedContentIfEmpty } from '../../src/server/db/content/content-seed.ts';
import { changesSinceSeed, listAudit } from '../../src/server/db/catalogue/audit.ts';
import { CatalogueWriteError } from '../../src/server/db/catalogue/write-rules.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openShop, type Shop } from '../../src/server/shop.ts';
import { describeEachDatabase, describeOnDatabase } from '../helpers/databases.ts';
import { startFront, type FrontServer } from '../helpers/front-server.ts';
import { answerHeldToPromise } from '../helpers/staleness.ts';
import { freshDatabase, openTestShop, type FreshLocation, type TestShop } from '../helpers/shop.ts';

const EDITOR = { id: 'user_editor', name: 'עורכת התוכן' };

describeEachDatabase('content pages in the database', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({}, database);
  });
  afterAll(() => shop?.dispose());

  it('seeds the about page from src/content/about: the spec’s headings, the story since 2010, the team of four', async () => {
    const about = (await readContentPage(shop.database.db, 'about'))!;
    expect(about.version).toBe(1);
    expect(about.sections.map(({ heading }) => heading)).toEqual([
      'על התיפלצים שלנו',
      'המשימה שלנו',
      'הסיפור שלנו',
      'הצוות שלנו',
    ]);
    expect(about.sections[2]!.body).toContain('2010');
    expect(about.team.map(({ role }) => role)).toEqual([
      'מייסדת ומנכ״לית',
      'מנהל הטיפול בבעלי החיים',
      'וטרינרית ראשית',
      'מנהל שיווק',
    ]);
    expect(about.team[3]!.picture).toBeNull();
  });

  it('seeds a true accessibility statement whose contact comes from the settings, never invented', async () => {
    const statement = (await readContentPage(shop.database.db, 'accessibility'))!;
    expect(statement.sections[0]!.heading).toBe('הצהרת נגישות');
    const text = statement.sections.map(({ body }) => body).join('\n');
    for (const fact of ['5568', 'WCAG 2.0', 'axe', 'מקלדת', 'Clerk', 'נסקרה לאחרונה']) expect(text).toContain(fact);
    expect(text).toContain('(/contact)');
    expect(text).not.toContain('{{contact}}');
    expect(text).not.toContain('mailto:');
    const withEmail = await openTestShop({ PUBLIC_CONTACT_EMAIL: 'access@tiflatzim.example' }, database);
    try {
      const contact = (await readContentPage(withEmail.database.db, 'accessibility'))!.sections.find(
        ({ id }) => id === 'contact',
      )!;
      expect(contact.body).toContain('[access@tiflatzim.example](mailto:access@tiflatzim.example)');
      expect(contact.body).toContain('(/contact)');
    } finally {
      await withEmail.dispose();
    }
  });

  it('saves a version against the one it started from, refuses a stale or version-less save, restores as new', async () => {
    const writes = createContentWrites(shop.writeDatabase, { now: () => new Date('2026-11-27T10:00:00Z') });
    const first = (await readContentPage(shop.database.db, 'about'))!;
    const catalogueBefore = await shop.catalogueVersion();
    const changed = {
      sections: [{ ...first.sections[0]!, heading: 'כותרת חדשה' }, ...first.sections.slice(1)],
      team: first.team,
    };
    const saved = await writes.save(EDITOR, 'about', first.version, changed);
    expect(saved.version).toBe(first.version + 1);
    expect((await readContentPage(shop.database.db, 'about'))!.sections[0]!.heading).toBe('כותרת חדשה');

    const stale = await writes.save(EDITOR, 'about', first.version, changed).catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(CatalogueWriteError);
    expect((stale as CatalogueWriteError).kind).toBe('stale');
    expect((stale as CatalogueWriteError).current).toMatchObject({ version: saved.version });
    const unversioned = await writes.save(EDITOR, 'about', undefined, changed).catch((error: unknown) => error);
    expect((unversioned as CatalogueWriteError).kind).toBe('version-required');

    const restored = await writes.restore(EDITOR, 'about', saved.version, first.version);
    expect(restored.version).toBe(saved.version + 1);
    expect(restored.sections).toEqual(first.sections);
    const { versions, total } = await listContentHistory(shop.database.db, 'about');
    expect(total).toBe(3);
    expect(versions.map(({ version }) => version)).toEqual([3, 2, 1]);
    expect(versions[0]).toMatchObject({ authorId: EDITOR.id, authorName: EDITOR.name, restoredFrom: 1 });
    expect(versions[2]).toMatchObject({ authorId: 'seed' });

    const { entries } = await listAudit(shop.database.db);
    expect(entries.slice(0, 2).map(({ action, entityId }) => [action, entityId])).toEqual([
      ['page.restore', 'about'],
      ['page.update', 'about'],
    ]);
    // Saving a page is not a catalogue change: kept catalogue pages stay valid.
    expect(await shop.catalogueVersion()).toBe(catalogueBefore);
    // An editor's saves are not the owner's catalogue changes: an empty catalogue is still seeded.
    expect(await changesSinceSeed(shop.database.db)).toBe(0);
    // Seeding again leaves what editors saved.
    await seedContentIfEmpty(shop.database.db);
    expect((await readContentPage(shop.database.db, 'about'))!.version).toBe(3);
  });
});

describeOnDatabase('postgres', 'a saved page on two servers over one PostgreSQL', () => {
  let location: FreshLocation;
  const shops: Shop[] = [];
  const fronts: FrontServer[] = [];
  const renders: Record<string, number>[] = [];

  beforeAll(async () => {
    location = await freshDatabase('postgres');
    for (let index = 0; index < 2; index++) {
      const settings = { ...location.env, CACHE_ENTRIES: '100' };
      const shop = await openShop(loadConfig(settings), { ...process.env, ...settings });
      const count: Record<string, number> = {};
      // Astro stands in: /about shows the first heading the database holds, every page counts its renders.
      const pages = (req: http.IncomingMessage, res: http.ServerResponse) => {
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        count[path] = (count[path] ?? 0) + 1;
        void readContentPage(shop.database.db, 'about').then((about) => {
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(path === '/about' ? `<h1>${about!.sections[0]!.heading}</h1>` : `<p>${path}</p>`);
        });
      };
      shops.push(shop);
      renders.push(count);
      fronts.push(await startFront(shop, pages));
    }
  });
  afterAll(async () => {
    for (const front of fronts) await front.close();
    for (const shop of shops) await shop.close();
    await location?.remove();
  });

  it('shows the change on both servers within a second, and the kept catalogue pages stay kept', async () => {
    const get = (front: FrontServer, path: string) => fetch(`${front.base}${path}`).then((answer) => answer.text());
    for (const front of fronts) for (let round = 0; round < 2; round++) await get(front, '/products');
    for (const front of fronts) for (let round = 0; round < 2; round++) await get(front, '/about');
    expect(renders.map((count) => [count['/about'], count['/products']])).toEqual([
      [1, 1],
      [1, 1],
    ]);

    const about = (await readContentPage(shops[0]!.database.db, 'about'))!;
    const heading = 'אודות, כפי שנשמר עכשיו';
    await createContentWrites(shops[0]!.writeDatabase).save(EDITOR, 'about', about.version, {
      sections: [{ ...about.sections[0]!, heading }, ...about.sections.slice(1)],
      team: about.team,
    });
    const changedAt = performance.now();
    for (const front of fronts) {
      const page = await answerHeldToPromise(
        changedAt,
        () => get(front, '/about'),
        (text) => text.includes(heading),
      );
      expect(page, front.base).toContain(heading);
    }
    for (const front of fronts) await get(front, '/products');
    expect(renders.map((count) => count['/products'])).toEqual([1, 1]);
  });
});
