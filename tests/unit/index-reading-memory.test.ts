/**
 * What the whole reading of the catalogue index leaves in the process
 * (src/server/db/catalogue-index/reading-cache.ts, catalogue-index-keeper.ts): on SQLite the reading
 * runs with a small page cache and the connection's own setting is put back after it, even when the
 * reading fails; the keeper collects once after each whole reading, not after a change it applies.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCatalogueIndexKeeper } from '../../src/server/db/catalogue-index/catalogue-index-keeper.ts';
import { withReadingCache } from '../../src/server/db/catalogue-index/reading-cache.ts';
import { readCatalogueVersion } from '../../src/server/db/catalogue-index/catalogue-version.ts';
import { replaceCatalogue } from '../../src/server/db/seed/seed.ts';
import type { ShopDatabase } from '../../src/server/db/tables.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { parityCatalogue } from '../helpers/search-texts.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const cacheSize = async (db: ShopDatabase) =>
  Number((await sql<{ cache_size: number }>`pragma cache_size`.execute(db)).rows[0]!.cache_size);

describeEachDatabase('the whole reading of the catalogue index', (database) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await openTestShop({ SEED_ON_START: 'false' }, database);
    await replaceCatalogue(shop.database.db, parityCatalogue());
  });
  afterAll(() => shop?.dispose());

  it.runIf(database === 'sqlite')('reads with a small page cache and puts the connection’s back', async () => {
    const db = shop.database.db;
    await sql`pragma cache_size = -16000`.execute(db);
    expect(await withReadingCache(db, () => cacheSize(db))).toBe(-2000);
    expect(await cacheSize(db)).toBe(-16000);
    await expect(
      withReadingCache(db, () => {
        throw new Error('the reading failed');
      }),
    ).rejects.toThrow('the reading failed');
    expect(await cacheSize(db)).toBe(-16000);
  });

  it('collects once after each whole reading, not after a change applied from the feed', async () => {
    const db = shop.database.db;
    let collections = 0;
    const keeper = createCatalogueIndexKeeper(db, { collect: () => collections++ });
    const index = await keeper.at(await readCatalogueVersion(db));
    expect(collections).toBe(1);
    const [animal] = index.animals;
    await db
      .updateTable('animal')
      .set({ price: animal!.price + 1 })
      .where('id', '=', animal!.id)
      .execute();
    const reading = keeper.lastReading();
    expect((await keeper.at(await readCatalogueVersion(db))).animals.length).toBe(index.animals.length);
    expect(keeper.lastReading(), 'applied from the feed').toBe(reading);
    expect(collections).toBe(1);
  });
});
