/**
 * The catalogue's change feed (src/server/search/catalogue-feed.ts, migration 0015) on SQLite and PostgreSQL:
 * every kind of change — made through the application and directly in SQL — reaches a server's index
 * without reading the catalogue whole, and the next search sees it; the index then finds exactly what
 * the rules define over the catalogue as it is. A feed that cannot say what changed (pruned, too many
 * changes) makes the index be read whole.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AnimalSearchQuerySchema } from '../../src/lib/schemas.ts';
import { FEED_MOST, pruneFeed, readFeed } from '../../src/server/search/index.ts';
import type { CatalogueIndex } from '../../src/lib/search/index.ts';
import { createCatalogueIndexKeeper, type CatalogueIndexKeeper } from '../../src/server/search/index.ts';
import { readCatalogueVersion } from '../../src/server/search/index.ts';
import { createAnimalWrites } from '../../src/server/db/catalogue/catalogue-writes.ts';
import { createCategoryWrites } from '../../src/server/db/catalogue/category-writes.ts';
import { replaceCatalogue } from '../../src/server/db/seed/seed.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { expectIndexOf } from '../helpers/catalogue-feed.ts';
import { parityCatalogue } from '../helpers/search-texts.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const owner = { id: 'user_2owner', name: 'בעלת החנות' };

describeEachDatabase('the catalogue change feed', (database) => {
  let shop: TestShop;
  let keeper: CatalogueIndexKeeper;
  const truthy = database === 'postgres' ? sql`true` : sql`1`;
  const falsy = database === 'postgres' ? sql`false` : sql`0`;

  beforeAll(async () => {
    shop = await openTestShop({ SEED_ON_START: 'false' }, database);
    await replaceCatalogue(shop.database.db, parityCatalogue());
    // Read whole once here; an index that answers after a change with the same lastReading got it from the feed.
    keeper = createCatalogueIndexKeeper(shop.database.db);
    await keeper.at(await readCatalogueVersion(shop.database.db));
  });
  afterAll(() => shop?.dispose());

  /** The index at the catalogue's version now, brought there by the feed alone (no whole reading). */
  async function applied(texts: readonly string[]): Promise<CatalogueIndex> {
    const reading = keeper.lastReading();
    const version = await readCatalogueVersion(shop.database.db);
    const index = await keeper.at(version);
    expect(index?.version).toBe(version);
    expect(keeper.lastReading(), 'not read whole').toBe(reading);
    await expectIndexOf(shop.database.db, index, texts);
    return index;
  }

  /** The shop's next search once its version reader's interval has passed (a change by "another process" is seen within it). */
  const search = (text: string) => {
    shop.catalogueVersion.forget();
    return shop.catalogue.searchAnimals(AnimalSearchQuerySchema.parse({ search: text, limit: '24' }));
  };

  it('applies animals written through the application: created, changed, hidden, shown, deleted', async () => {
    const writes = createAnimalWrites(shop.writeDatabase);
    const created = await writes.create(owner, {
      name: 'זברה סגולה',
      slug: 'purple-zebra',
      description: 'פסים בצבע שזיף',
      img: '/images/x.webp',
      price: 77,
      countInStock: 2,
      rating: 4,
      numReviews: 1,
      category: 'sky-creatures',
      hidden: false,
    });
    await applied(['זברה', 'זברות', 'שזיף', 'סגולה זב', 'פסים בצ']);
    expect((await search('זברות')).animals.map((animal) => animal._id)).toEqual([created._id]);

    const changed = await writes.update(owner, created._id, created.version, { name: 'זברה כתומה', price: 12 });
    await applied(['זברה', 'כתומה', 'סגולה']);
    expect((await search('כתומה')).animals).toMatchObject([{ _id: created._id, price: 12 }]);
    expect((await search('סגולה זברה')).total).toBe(0);

    const hidden = await writes.hide(owner, created._id, changed.version);
    await applied(['זברה', 'כתומה']);
    expect((await search('כתומה')).total).toBe(0);
    const shown = await writes.show(owner, created._id, hidden.version);
    await applied(['זברה', 'כתומה']);
    expect((await search('כתומה')).total).toBe(1);

    await writes.delete(owner, created._id, shown.version);
    await applied(['זברה', 'כתומה']);
    expect((await search('כתומה')).total).toBe(0);
  });

  it('applies animals written directly in SQL, their words computed from their text', async () => {
    const db = shop.writeDatabase.db;
    const [category] = await db.selectFrom('category').select('id').limit(1).execute();
    const id = '00000000-0000-4000-8000-0000000feed1';
    await sql`insert into animal (id, slug, name, description, img, price, count_in_stock, rating, num_reviews,
      category_id, name_key, search_text, search_words, name_words)
      values (${id}, 'typed-in-sql', 'שפרירון ידני', 'נכתב ישר במסד', '/images/x.webp', 10, 1, 4, 1,
      ${category!.id}, '', '', '', '')`.execute(db);
    await applied(['שפרירון', 'שפרירונים', 'השפרירון', 'ידני נכתב', 'במסד']);
    expect((await search('שפרירונים')).animals).toMatchObject([{ name: 'שפרירון ידני' }]);
    // A name changed in SQL without the columns the application computes: found by its new text.
    await sql`update animal set name = 'בלבלון ידני', price = 3 where id = ${id}`.execute(db);
    await applied(['בלבלון', 'בלבלונים', 'שפרירון']);
    expect((await search('בלבלונים')).animals).toMatchObject([{ name: 'בלבלון ידני', price: 3 }]);
    await sql`update animal set hidden = ${truthy} where id = ${id}`.execute(db);
    await applied(['בלבלון']);
    await sql`update animal set hidden = ${falsy} where id = ${id}`.execute(db);
    await applied(['בלבלון']);
    // Prices and stock changed, names and texts not: each animal keeps its place and words, with its new keys.
    const before = (await applied([])).changed;
    await sql`update animal set price = price + 1, count_in_stock = count_in_stock + 2 where id in (select id from animal order by id limit 40)`.execute(
      db,
    );
    const repriced = await applied(['דרקון', 'ינשוף ק']);
    expect(repriced.changed).toBe(before);
    await sql`delete from animal where id = ${id}`.execute(db);
    await applied(['בלבלון']);
    expect((await search('בלבלונים')).total).toBe(0);
  });

  it('applies categories added, renamed, reordered and deleted, through the application and in SQL', async () => {
    const categories = createCategoryWrites(shop.writeDatabase);
    const created = await categories.create(owner, {
      slug: 'feed-creatures',
      name: 'יצורי הזנה',
      description: 'ניסוי',
    });
    await applied(['דרקון']);
    const renamed = await categories.update(owner, created._id, created.version, { name: 'יצורי עדכון' });
    await applied(['דרקון']);
    const list = await categories.list();
    await categories.reorder(
      owner,
      [...list].reverse().map(({ _id, version }) => ({ id: _id, version })),
    );
    await applied(['דרקון']);
    await categories.delete(owner, created._id, renamed.version + 1);
    await applied(['דרקון']);

    const db = shop.writeDatabase.db;
    await sql`update category set name = 'שם שנכתב במסד', position = position + 1`.execute(db);
    await applied(['דרקון']);
    const answer = await search('דרקון');
    expect(answer.facets?.categories.map((category) => category.name)).toContain('שם שנכתב במסד');
    // Deleting a category in SQL deletes its animals (on delete cascade): each in the feed.
    const [last] = await db.selectFrom('category').select('id').orderBy('position', 'desc').limit(1).execute();
    const inIt = await db.selectFrom('animal').select('id').where('category_id', '=', last!.id).execute();
    expect(inIt.length).toBeGreaterThan(0);
    await sql`delete from category where id = ${last!.id}`.execute(db);
    const index = await applied(['דרקון', 'ינשוף', 'ה']);
    expect(index.animals.some((animal) => animal.category === last!.id)).toBe(false);
  });

  it('reads the index whole when the feed cannot say what changed: changes pruned, or too many at once', async () => {
    const db = shop.writeDatabase.db;
    const before = keeper.lastReading();
    const held = await readCatalogueVersion(shop.database.db);
    expect((await keeper.at(held)).version).toBe(held);
    // A change this server has not applied yet is pruned (every change is older than "an hour from now").
    const change = sql`update animal set price = price + 1 where id in (select id from animal order by id limit 1)`;
    await change.execute(db);
    await pruneFeed(db, -3_600_000);
    await change.execute(db);
    const version = await readCatalogueVersion(shop.database.db);
    expect(await readFeed(shop.database.db, held)).toMatchObject({ kind: 'whole', why: 'gap' });
    // The list waits for the whole reading.
    const index = await keeper.at(version);
    expect(index?.version).toBe(version);
    expect(keeper.lastReading()).not.toBe(before);
    await expectIndexOf(shop.database.db, index, ['דרקון']);

    // More changes than FEED_MOST since this version: read whole too.
    let rows = 0;
    while (rows <= FEED_MOST) {
      await sql`update animal set price = price + 1 where id in (select id from animal order by id limit 500)`.execute(
        db,
      );
      rows += 500;
    }
    expect(await readFeed(shop.database.db, version)).toMatchObject({ kind: 'whole', why: 'many' });
  });

  it('keeps changes younger than the time kept, and prunes older ones', async () => {
    const db = shop.writeDatabase.db;
    await sql`update animal set price = price + 1 where id in (select id from animal order by id limit 1)`.execute(db);
    const count = async () =>
      Number((await db.selectFrom('catalogue_change').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const kept = await count();
    expect(kept).toBeGreaterThan(0);
    await pruneFeed(db);
    expect(await count()).toBe(kept);
    await pruneFeed(db, -3_600_000);
    expect(await count()).toBe(0);
  });
});
