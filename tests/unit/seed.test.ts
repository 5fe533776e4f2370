/** Seeding: first start seeds once; reseeding is idempotent; on SQLite and on PostgreSQL. */
import { createContactStore } from '../../src/server/db/contact/contact-messages.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.ts';
import { catalogueRows, replaceCatalogue, seedIfEmpty } from '../../src/server/db/seed/seed.ts';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

describeEachDatabase('seeding', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({}, database);
  });
  afterAll(() => shop?.dispose());

  async function snapshot() {
    const db = shop.database.db;
    return {
      categories: await db.selectFrom('category').selectAll().orderBy('id').execute(),
      animals: await db.selectFrom('animal').selectAll().orderBy('id').execute(),
    };
  }

  it('seeds the whole catalogue on first open', async () => {
    const rows = await snapshot();
    expect(rows.categories).toHaveLength(seedCatalogue.length);
    expect(rows.animals).toHaveLength(seedCatalogue.reduce((sum, category) => sum + category.animals.length, 0));
  });

  it('does nothing when a catalogue is there already', async () => {
    const before = await snapshot();
    expect(await seedIfEmpty(shop.database.db)).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('reseeds to identical rows, keeping ids (and so links) stable', async () => {
    const before = await snapshot();
    await replaceCatalogue(shop.database.db);
    await replaceCatalogue(shop.database.db);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps contact messages through a reseed', async () => {
    await createContactStore(shop.database.db).save({ subject: 'נושא', message: 'הודעה שנשמרת' });
    await replaceCatalogue(shop.database.db);
    const messages = await shop.database.db.selectFrom('contact_message').selectAll().execute();
    expect(messages).toHaveLength(1);
  });
});

describe('the catalogues', () => {
  it('holds the catalogue the issue asks for', () => {
    const animals = seedCatalogue.flatMap((category) => category.animals);
    expect(seedCatalogue.length).toBeGreaterThanOrEqual(8);
    expect(animals.length).toBeGreaterThanOrEqual(48);
    expect(animals.filter((animal) => animal.description.length > 100).length).toBeGreaterThanOrEqual(
      animals.length / 4,
    );
    expect(animals.some((animal) => animal.countInStock === 0)).toBe(true);
    expect(Math.min(...animals.map((animal) => animal.price))).toBeLessThan(100);
    expect(Math.max(...animals.map((animal) => animal.price))).toBeGreaterThan(10_000);
    for (const animal of animals) {
      expect(Number.isInteger(animal.rating * 10)).toBe(true);
      expect(animal.countInStock).toBeGreaterThanOrEqual(0);
      expect(animal.countInStock).toBeLessThanOrEqual(20);
    }
    expect(new Set(catalogueRows().animals.map((row) => row.id)).size).toBe(animals.length);
  });

  it('generates a deterministic synthetic catalogue of any size', () => {
    const a = syntheticCatalogue(1000);
    const b = syntheticCatalogue(1000);
    expect(a.animals).toHaveLength(1000);
    expect(a).toEqual(b);
    expect(new Set(a.animals.map((row) => row.id)).size).toBe(1000);
  });
});
