/**
 * The trash and bulk changes on SQLite and PostgreSQL (src/server/db/catalogue/animal-trash.ts,
 * animal-bulk.ts), through the admin's own writes: a deleted animal is gone from every shopper's read
 * (search, lists, category counts, its page, the sitemap: the catalogue index treats it as removed) and
 * comes back as it was when restored, within 30 days only; a bulk change is one audited change of all
 * the animals named or of none, and one undo takes it back unless one of them changed since; the
 * overview's counts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AnimalSearchResult } from '../../src/lib/schemas.ts';
import { catalogueOverview } from '../../src/server/db/catalogue/admin-overview.ts';
import { createAnimalBulk } from '../../src/server/db/catalogue/animal-bulk.ts';
import { createAnimalTrash } from '../../src/server/db/catalogue/animal-trash.ts';
import { listAudit } from '../../src/server/db/catalogue/audit.ts';
import { createAnimalWrites } from '../../src/server/db/catalogue/catalogue-writes.ts';
import { createCategoryWrites } from '../../src/server/db/catalogue/category-writes.ts';
import { createSeoQueries } from '../../src/server/db/catalogue/seo-queries.ts';
import { CatalogueWriteError } from '../../src/server/db/catalogue/write-rules.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { seedAnimal } from '../helpers/catalogue.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const owner = { id: 'user_2owner', name: 'בעלת החנות' };
let clock = new Date('2026-12-01T10:00:00.000Z');
const now = () => clock;

async function refusal(write: Promise<unknown>): Promise<CatalogueWriteError> {
  const error = await write.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CatalogueWriteError);
  return error as CatalogueWriteError;
}

describeEachDatabase('the trash and bulk changes', (database) => {
  let shop: TestShop;
  let animals: ReturnType<typeof createAnimalWrites>;
  let trash: ReturnType<typeof createAnimalTrash>;
  let bulk: ReturnType<typeof createAnimalBulk>;
  beforeAll(async () => {
    clock = new Date('2026-12-01T10:00:00.000Z');
    shop = await openTestShop({}, database);
    animals = createAnimalWrites(shop.writeDatabase, { now });
    trash = createAnimalTrash(shop.writeDatabase, { now });
    bulk = createAnimalBulk(shop.writeDatabase, { now });
  });
  afterAll(() => shop?.dispose());

  async function seen(id: string, name: string, category: string) {
    const search = (await (
      await shop.get(`/animals/search?search=${encodeURIComponent(name)}`)
    ).json()) as AnimalSearchResult;
    const detail = await shop.catalogue.findCategoryDetail(category, { limit: 100 });
    return {
      inSearch: search.animals.some((animal) => animal._id === id),
      inCategory: detail!.animals.some((animal) => animal._id === id),
      categoryTotal: detail!.total,
      api: (await shop.get(`/animals/${id}`)).status,
      inSitemap: (await createSeoQueries(shop.database.db).animalIds(0, 200)).includes(id),
    };
  }

  it('a deleted animal leaves every shopper read, is listed in the trash, and comes back as it was', async () => {
    const fox = seedAnimal('sand-fox');
    const before = await seen(fox.id, fox.name, fox.category.slug);
    expect(before).toMatchObject({ inSearch: true, inCategory: true, api: 200, inSitemap: true });
    const stored = (await animals.read(fox.id))!;
    await animals.delete(owner, fox.id, stored.version);
    expect(await seen(fox.id, fox.name, fox.category.slug)).toEqual({
      inSearch: false,
      inCategory: false,
      categoryTotal: before.categoryTotal - 1,
      api: 404,
      inSitemap: false,
    });
    expect(await trash.list()).toEqual([
      expect.objectContaining({ _id: fox.id, name: fox.name, deletedBy: owner.id, until: '2026-12-31T10:00:00.000Z' }),
    ]);
    const restored = await trash.restore(owner, fox.id);
    expect(restored).toEqual({ ...stored, version: stored.version + 1 });
    expect(await seen(fox.id, fox.name, fox.category.slug)).toEqual(before);
    expect(await trash.list()).toEqual([]);
    const actions = (await listAudit(shop.database.db, { limit: 2 })).entries.map((entry) => entry.action);
    expect(actions).toEqual(['animal.restore', 'animal.delete']);
    expect((await refusal(trash.restore(owner, fox.id))).kind).toBe('not-found');
  });

  it('keeps a deleted animal 30 days, and refuses a restore onto an address taken meanwhile', async () => {
    const owl = seedAnimal('rainbow-owl');
    await animals.delete(owner, owl.id, (await animals.read(owl.id))!.version);
    const taken = await animals.create(owner, {
      ...(await animals.read(seedAnimal('sky-whale').id))!,
      slug: owl.slug,
      name: 'ינשוף אחר',
    });
    const refused = await refusal(trash.restore(owner, owl.id));
    expect([refused.kind, refused.message]).toEqual([
      'conflict',
      `כבר יש בקטלוג חיה עם שם הכתובת „${owl.slug}": שנו את שם הכתובת שלה ושחזרו שוב`,
    ]);
    await animals.delete(owner, taken._id, taken.version);
    clock = new Date('2026-12-31T11:00:00.000Z');
    expect((await trash.list()).map(({ _id }) => _id)).toEqual([]);
    expect((await refusal(trash.restore(owner, owl.id))).kind).toBe('not-found');
  });

  it('changes many animals in one audited change, and one undo takes it back', async () => {
    const ids = ['cloud-sheep', 'wind-kitten'].map((slug) => seedAnimal(slug).id);
    const before = await Promise.all(ids.map(async (id) => (await animals.read(id))!));
    const auditBefore = (await listAudit(shop.database.db)).total;
    const { change, animals: changed } = await bulk.apply(owner, {
      animals: before.map(({ _id, version }) => ({ id: _id, version })),
      change: { kind: 'price', by: 'percent', value: -10 },
    });
    expect(changed.map((animal) => animal.price)).toEqual(before.map((animal) => Math.round(animal.price * 90) / 100));
    const { entries, total } = await listAudit(shop.database.db, { limit: 1 });
    expect(total).toBe(auditBefore + 1);
    expect([entries[0]!.id, entries[0]!.action]).toEqual([change, 'animal.bulk']);
    await bulk.undo(owner, change);
    expect((await Promise.all(ids.map((id) => animals.read(id)))).map((animal) => animal!.price)).toEqual(
      before.map((animal) => animal.price),
    );
    expect((await refusal(bulk.undo(owner, change))).kind).toBe('conflict');
  });

  it('changes none when one value would break the rules or one animal changed since, and an undo waits for no one', async () => {
    const [sheep, kitten] = await Promise.all(
      ['cloud-sheep', 'wind-kitten'].map(async (slug) => (await animals.read(seedAnimal(slug).id))!),
    );
    const named = [sheep!, kitten!].map(({ _id, version }) => ({ id: _id, version }));
    const tooMuch = await refusal(
      bulk.apply(owner, { animals: named, change: { kind: 'stock', by: 'amount', value: -1_000_000 } }),
    );
    expect([tooMuch.kind, tooMuch.message]).toEqual([
      'invalid',
      `„${sheep!.name}": המלאי חייב להיות מספר שלם, 0 ומעלה. שום חיה לא שונתה`,
    ]);
    const { change } = await bulk.apply(owner, { animals: named, change: { kind: 'hide' } });
    const hiddenKitten = (await animals.read(kitten!._id))!;
    expect(hiddenKitten.hidden).toBe(true);
    await animals.update(owner, kitten!._id, hiddenKitten.version, { countInStock: 99 });
    expect((await refusal(bulk.undo(owner, change))).kind).toBe('stale');
    expect((await animals.read(sheep!._id))!.hidden).toBe(true);
    const stale = await refusal(bulk.apply(owner, { animals: named, change: { kind: 'show' } }));
    expect(stale.kind).toBe('stale');
  });

  it('the overview counts low stock, sold out and hidden animals', async () => {
    const overview = await catalogueOverview(shop.database.db);
    const { total: hidden } = overview.hidden;
    expect(hidden).toBeGreaterThanOrEqual(2);
    expect(overview.hidden.animals.map((animal) => animal.name)).toContain(seedAnimal('cloud-sheep').name);
    for (const animal of overview.lowStock.animals) expect(animal.countInStock).toBeGreaterThanOrEqual(1);
    for (const animal of overview.soldOut.animals) expect(animal.countInStock).toBe(0);
    // A category that holds animals counts them (its delete is refused).
    const counts = await createCategoryWrites(shop.writeDatabase).animalCounts();
    expect(Object.values(counts).every((count) => count > 0)).toBe(true);
  });
});
