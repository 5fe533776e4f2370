/**
 * The owner's catalogue writes on SQLite and PostgreSQL: versions, stale and missing
 * versions refused, Hebrew field errors, audit entries, hidden animals, category rename redirects,
 * reorder, and a category delete refused while animals are in it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listAudit } from '../../src/server/db/catalogue/audit.ts';
import { readCatalogueVersion } from '../../src/server/search/index.ts';
import { createAnimalWrites, writeAnimalRow } from '../../src/server/db/catalogue/catalogue-writes.ts';
import { CatalogueWriteError, WRITE_ERROR_STATUS } from '../../src/server/db/catalogue/write-rules.ts';
import { inWriteTransaction } from '../../src/server/db/write-transaction.ts';
import { createCategoryWrites } from '../../src/server/db/catalogue/category-writes.ts';
import { seedIfEmpty } from '../../src/server/db/seed/seed.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { seedAnimal, seedCategory } from '../helpers/catalogue.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const owner = { id: 'user_2owner', name: 'בעלת החנות' };
const clock = new Date('2026-11-24T10:00:00.000Z');

/** The refusal a write ends with (fails the test when it succeeds or fails otherwise). */
async function refusal(write: Promise<unknown>): Promise<CatalogueWriteError> {
  const error = await write.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CatalogueWriteError);
  return error as CatalogueWriteError;
}

describeEachDatabase("the owner's catalogue writes", (database) => {
  let shop: TestShop;
  let animals: ReturnType<typeof createAnimalWrites>;
  let categories: ReturnType<typeof createCategoryWrites>;
  beforeAll(async () => {
    shop = await openTestShop({}, database);
    animals = createAnimalWrites(shop.writeDatabase, { now: () => clock });
    categories = createCategoryWrites(shop.writeDatabase, { now: () => clock });
  });
  afterAll(() => shop?.dispose());

  const newAnimal = {
    name: 'ארנב ירח',
    slug: 'moon-rabbit',
    description: 'ארנב שקופץ בין מכתשים ומביא גבינה.',
    price: 120,
    countInStock: 4,
    rating: 4.5,
    numReviews: 7,
    category: 'sky-creatures',
  };

  async function latestAudit() {
    const { entries } = await listAudit(shop.database.db, { limit: 1 });
    return entries[0];
  }

  it('creates an animal at version 1, findable by search, audited, with a new catalogue version', async () => {
    const catalogueBefore = await readCatalogueVersion(shop.database.db);
    const created = await animals.create(owner, newAnimal);
    expect(created).toMatchObject({ ...newAnimal, hidden: false, version: 1 });
    expect(created._id).toMatch(/^[0-9a-f]{24}$/);
    expect(await readCatalogueVersion(shop.database.db)).not.toBe(catalogueBefore);

    const found = await shop.catalogue.searchAnimals({ search: 'ארנב ירח', sort: 'name' });
    expect(found.animals.map((animal) => animal.slug)).toEqual(['moon-rabbit']);

    expect(await latestAudit()).toMatchObject({
      actor: owner.id,
      actorName: owner.name,
      at: clock.toISOString(),
      action: 'animal.create',
      entity: 'animal',
      entityId: created._id,
      before: null,
      after: { slug: 'moon-rabbit', price: 120, version: 1 },
    });
  });

  it('changes a subset of fields, bumps the version, and search follows a new name', async () => {
    const current = (await shop.catalogue.searchAnimals({ search: 'ארנב ירח', sort: 'name' })).animals[0]!;
    const updated = await animals.update(owner, current._id, 1, { price: 150, name: 'ארנבת שמש' });
    expect(updated).toMatchObject({ price: 150, name: 'ארנבת שמש', countInStock: 4, version: 2 });
    expect((await shop.catalogue.findAnimal(current._id))?.price).toBe(150);
    // The new name's words and forms are found (שמשות: a plural); the word it lost is not.
    expect((await shop.catalogue.searchAnimals({ search: 'ארנבת שמש', sort: 'name' })).total).toBe(1);
    expect((await shop.catalogue.searchAnimals({ search: 'שמשות', sort: 'name' })).animals.map((a) => a._id)).toContain(
      current._id,
    );
    // Only a spelling correction (another word for ירח) could still find it; an exact search does not.
    expect((await shop.catalogue.searchAnimals({ search: 'ארנב ירח', sort: 'name', exact: true })).total).toBe(0);
    expect(await latestAudit()).toMatchObject({
      action: 'animal.update',
      before: { price: 120, name: 'ארנב ירח', version: 1 },
      after: { price: 150, name: 'ארנבת שמש', version: 2 },
    });
  });

  it('refuses a stale version (412) with the current animal, and a missing one (428); nothing changes', async () => {
    const id = seedAnimal('cloud-sheep').id;
    await animals.update(owner, id, 1, { countInStock: 6 });
    const auditBefore = (await listAudit(shop.database.db)).total;

    const stale = await refusal(animals.update(owner, id, 1, { price: 1 }));
    expect(stale.kind).toBe('stale');
    expect(WRITE_ERROR_STATUS[stale.kind]).toBe(412);
    expect(stale.message).toBe('מישהו אחר שינה את הפריט מאז שנטען: השינוי שלכם לא נשמר');
    expect(stale.current).toMatchObject({ _id: id, countInStock: 6, version: 2 });

    const missing = await refusal(animals.update(owner, id, undefined, { price: 1 }));
    expect([missing.kind, WRITE_ERROR_STATUS[missing.kind]]).toEqual(['version-required', 428]);
    expect((await refusal(animals.delete(owner, id, 1))).kind).toBe('stale');

    expect(await animals.read(id)).toMatchObject({ price: seedAnimal('cloud-sheep').price, version: 2 });
    expect((await listAudit(shop.database.db)).total).toBe(auditBefore);
  });

  it('lets one of two writers of the same version win; the other is refused as stale', async () => {
    const id = seedAnimal('lantern-fish').id;
    const outcomes = await Promise.allSettled([
      animals.update(owner, id, 1, { price: 25 }),
      animals.update({ id: 'user_2other' }, id, 1, { price: 26 }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect((refused?.reason as CatalogueWriteError).kind).toBe('stale');
    const winner = outcomes.find((outcome) => outcome.status === 'fulfilled')!.value;
    expect(await animals.read(id)).toMatchObject({ price: winner.price, version: 2 });
  });

  it('guards the row write itself by version (what an import applies with)', async () => {
    const id = seedAnimal('kite-lizard').id;
    await animals.update(owner, id, 1, { countInStock: 1 });
    const staleCopy = { ...(await animals.read(id))!, version: 1, categoryId: '' };
    const error = await refusal(
      inWriteTransaction(shop.database, async (trx) => {
        const { categoryId } = (await trx
          .selectFrom('animal')
          .select('category_id as categoryId')
          .where('id', '=', id)
          .executeTakeFirst())!;
        return writeAnimalRow(trx, { ...staleCopy, categoryId }, { ...staleCopy, price: 1 }, categoryId, 1);
      }),
    );
    expect(error.kind).toBe('stale');
    expect(await animals.read(id)).toMatchObject({ countInStock: 1, version: 2 });
  });

  it('names every invalid field in Hebrew, an unknown category and a taken slug', async () => {
    const invalid = await refusal(
      animals.create(owner, { ...newAnimal, slug: 'Moon Rabbit', name: ' ', price: -5, rating: 7, countInStock: 1.5 }),
    );
    expect(invalid.kind).toBe('invalid');
    expect(invalid.fields).toEqual({
      slug: 'שם הכתובת יכול להכיל רק אותיות לטיניות קטנות, ספרות ומקפים בודדים (למשל sky-whale)',
      name: 'שם הוא שדה חובה',
      price: 'המחיר חייב להיות מספר, 0 ומעלה',
      rating: 'הדירוג חייב להיות מספר בין 0 ל-5',
      countInStock: 'המלאי חייב להיות מספר שלם, 0 ומעלה',
    });
    const category = await refusal(animals.create(owner, { ...newAnimal, slug: 'other', category: 'no-such' }));
    expect(category.fields).toEqual({ category: 'אין קטגוריה בשם „no-such"' });
    const taken = await refusal(animals.create(owner, { ...newAnimal, slug: 'cloud-sheep' }));
    expect([taken.kind, taken.fields]).toEqual(['conflict', { slug: 'כבר יש חיה עם מזהה הכתובת „cloud-sheep"' }]);
    const id = seedAnimal('rainbow-owl').id;
    const renamedOnto = await refusal(animals.update(owner, id, 1, { slug: 'cloud-sheep' }));
    expect(renamedOnto.kind).toBe('conflict');
    const empty = await refusal(animals.update(owner, id, 1, {}));
    expect(empty.fields).toEqual({ '': 'אין שדות לעדכון' });
  });

  it('refuses an empty required number (as a form sends an empty field) instead of storing 0', async () => {
    const { id } = seedAnimal('wind-kitten');
    const before = await animals.read(id);
    const blank = await refusal(animals.update(owner, id, before!.version, { price: null, countInStock: '' }));
    expect([blank.kind, blank.fields]).toEqual([
      'invalid',
      { price: 'המחיר הוא שדה חובה', countInStock: 'המלאי הוא שדה חובה' },
    ]);
    const missing = await refusal(animals.create(owner, { ...newAnimal, slug: 'no-price', price: undefined }));
    expect(missing.fields).toEqual({ price: 'המחיר הוא שדה חובה' });
    expect(await animals.read(id)).toEqual(before);
  });

  it('hides and shows an animal, each a new version with its audit entry', async () => {
    const id = seedAnimal('sky-whale').id;
    const hidden = await animals.hide(owner, id, 1);
    expect([hidden.hidden, hidden.version]).toEqual([true, 2]);
    const row = await shop.database.db.selectFrom('animal').select('hidden').where('id', '=', id).executeTakeFirst();
    expect(Boolean(row?.hidden)).toBe(true);
    expect(await latestAudit()).toMatchObject({ before: { hidden: false }, after: { hidden: true } });
    const shown = await animals.show(owner, id, 2);
    expect([shown.hidden, shown.version]).toEqual([false, 3]);
  });

  it('deletes an animal at its version, keeping what it was in the audit', async () => {
    const id = seedAnimal('wind-kitten').id;
    await animals.delete(owner, id, 1);
    expect(await shop.catalogue.findAnimal(id)).toBeUndefined();
    expect(await latestAudit()).toMatchObject({
      action: 'animal.delete',
      before: { slug: 'wind-kitten' },
      after: null,
    });
    expect((await refusal(animals.delete(owner, id, 1))).kind).toBe('not-found');
  });

  it('creates a category last, renames it (the old slug redirects) and edits it, each with a version', async () => {
    const before = await categories.list();
    const created = await categories.create(owner, {
      slug: 'dusk-creatures',
      name: 'יצורי לילה',
      description: 'ערים כשכולם ישנים',
    });
    // A category the seed has no committed picture for gets the generator's drawing of its slug, stored.
    expect(created).toMatchObject({ position: before.length, version: 1 });
    expect(created.img).toMatch(/^\/pictures\/[0-9a-f]{24}\.svg$/);
    expect((await shop.catalogue.findCategory('dusk-creatures'))?.name).toBe('יצורי לילה');

    const renamed = await categories.update(owner, created._id, 1, { slug: 'moon-creatures', name: 'יצורי ירח' });
    expect(renamed).toMatchObject({ slug: 'moon-creatures', version: 2 });
    expect(renamed.img, 'the drawing follows the new slug').not.toBe(created.img);
    expect(await shop.catalogue.renamedCategory('dusk-creatures')).toBe('moon-creatures');
    expect(await shop.catalogue.findCategory('dusk-creatures')).toBeUndefined();

    await categories.update(owner, created._id, 2, { slug: 'star-creatures' });
    expect(await shop.catalogue.renamedCategory('dusk-creatures')).toBe('star-creatures');
    expect(await shop.catalogue.renamedCategory('moon-creatures')).toBe('star-creatures');
    // The API's old address answers a permanent redirect (its query kept) with a Hebrew message; unknown stays 404.
    const moved = await shop.get('/categories/moon-creatures?isPopulate=true&limit=2');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/api/categories/star-creatures?isPopulate=true&limit=2');
    expect(await moved.json()).toEqual({ message: expect.stringMatching(/[א-ת]/) });
    expect((await shop.get('/categories/never-was')).status).toBe(404);
    const redirects = await shop.database.db
      .selectFrom('category_redirect')
      .select(['old_slug', 'category_id'])
      .execute();
    expect(redirects).toEqual(
      expect.arrayContaining([
        { old_slug: 'dusk-creatures', category_id: created._id },
        { old_slug: 'moon-creatures', category_id: created._id },
      ]),
    );
    expect(await latestAudit()).toMatchObject({ action: 'category.update', before: { slug: 'moon-creatures' } });

    const edited = await categories.update(owner, created._id, 3, { description: 'תיאור חדש' });
    expect(edited).toMatchObject({ description: 'תיאור חדש', slug: 'star-creatures', version: 4 });
    expect((await refusal(categories.update(owner, created._id, 3, { name: 'x' }))).kind).toBe('stale');
    const taken = await refusal(categories.update(owner, created._id, 4, { slug: 'sky-creatures' }));
    expect(taken.fields).toEqual({ slug: 'כבר יש קטגוריה עם מזהה הכתובת „sky-creatures"' });
  });

  it('reorders the categories, bumping only the ones that moved', async () => {
    const before = await categories.list();
    const reversed = [...before].reverse();
    const after = await categories.reorder(
      owner,
      reversed.map(({ _id, version }) => ({ id: _id, version })),
    );
    expect((await shop.catalogue.listCategories()).map((category) => category.slug)).toEqual(
      reversed.map((category) => category.slug),
    );
    for (const category of after) {
      const old = before.find((candidate) => candidate._id === category._id)!;
      expect(category.version).toBe(old.position === category.position ? old.version : old.version + 1);
    }
    expect(await latestAudit()).toMatchObject({
      action: 'category.reorder',
      after: reversed.map((category) => category.slug),
    });
    const stale = await refusal(
      categories.reorder(
        owner,
        before.map(({ _id, version }) => ({ id: _id, version })),
      ),
    );
    expect(stale.kind).toBe('stale');
    const partial = await refusal(
      categories.reorder(
        owner,
        after.slice(1).map(({ _id, version }) => ({ id: _id, version })),
      ),
    );
    expect(partial.message).toBe('הסדר החדש חייב למנות כל קטגוריה פעם אחת בדיוק');
  });

  it('deletes a category only when empty, else names how many animals it holds', async () => {
    const sea = (await categories.list()).find((category) => category.slug === 'sea-monsters')!;
    const count = seedCategory('sea-monsters').animals.length;
    const full = await refusal(categories.delete(owner, sea._id, sea.version));
    expect([full.kind, WRITE_ERROR_STATUS[full.kind]]).toEqual(['not-empty', 409]);
    expect(full.message).toBe(
      `אי אפשר למחוק את הקטגוריה „${sea.name}": יש בה ${count} חיות. העבירו אותן לקטגוריה אחרת או מחקו אותן קודם`,
    );
    expect(await shop.catalogue.findCategory('sea-monsters')).toBeDefined();

    const empty = (await categories.list()).find((category) => category.slug === 'star-creatures')!;
    await categories.delete(owner, empty._id, empty.version);
    expect(await shop.catalogue.findCategory('star-creatures')).toBeUndefined();
    expect(await shop.catalogue.renamedCategory('dusk-creatures')).toBeUndefined();
    expect(await latestAudit()).toMatchObject({ action: 'category.delete', entityId: empty._id });
  });

  it('leaves a catalogue the owner emptied empty on the next start', async () => {
    await shop.database.db.deleteFrom('animal').execute();
    await shop.database.db.deleteFrom('category').execute();
    expect(await seedIfEmpty(shop.database.db)).toBe(false);
    expect(await shop.catalogue.listCategories()).toEqual([]);
  });
});
