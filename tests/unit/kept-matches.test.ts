/**
 * A text's matches kept read (src/server/db/search/animal-search.ts MATCHES_KEPT), on SQLite and PostgreSQL:
 * asking the same text again with another page, sort or filter answers as a search that keeps nothing,
 * and any change to the catalogue — the owner's write, or SQL run directly on the database — is seen by
 * the next search, never hidden behind what was kept.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AnimalSearchQuerySchema } from '../../src/lib/schemas.ts';
import { createAnimalWrites } from '../../src/server/db/catalogue/catalogue-writes.ts';
import { createCatalogue } from '../../src/server/db/catalogue/catalogue-reads.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const owner = { id: 'user_2owner', name: 'בעלת החנות' };
/** Kept matches serve searches in SQL (without the catalogue index in memory). */
const SQL_ALONE = { mostAnimals: 0 };
const query = (params: Record<string, string>) => AnimalSearchQuerySchema.parse({ limit: '24', ...params });

describeEachDatabase("a text's matches kept read", (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({}, database);
  });
  afterAll(() => shop?.dispose());

  it('answers the same text with other pages, sorts and filters as a search that keeps nothing', async () => {
    const keeping = createCatalogue(shop.database.db, { matchesReadAtOnce: Infinity, catalogueIndex: SQL_ALONE });
    const keepingNothing = createCatalogue(shop.database.db, {
      matchesReadAtOnce: Infinity,
      matchesKept: 0,
      catalogueIndex: SQL_ALONE,
    });
    const asks = [
      { search: 'דרקון' },
      { search: 'דרקון', sort: 'price' },
      { search: 'דרקון', limit: '2', page: '2' },
      { search: 'דרקון', inStock: '1' },
      { search: 'דרקון', category: 'fire-creatures', sort: 'price' },
      { search: 'דרקון', minPrice: '100', maxPrice: '5000' },
      { search: 'sreui' }, // corrected to דרקון: its matches are kept under the corrected text too
    ];
    for (const ask of asks) {
      const answer = await keepingNothing.searchAnimals(query(ask));
      expect(answer.total, JSON.stringify(ask)).toBeGreaterThan(0);
      expect(await keeping.searchAnimals(query(ask)), JSON.stringify(ask)).toEqual(answer);
    }
  });

  it("sees the owner's write and a direct SQL change at the next search", async () => {
    const catalogue = createCatalogue(shop.database.db, { matchesReadAtOnce: Infinity, catalogueIndex: SQL_ALONE });
    const before = await catalogue.searchAnimals(query({ search: 'דרקון', sort: 'price' }));
    expect(before.total).toBeGreaterThan(2);

    // The owner hides the cheapest dragon: it leaves the answer, and the total drops by one.
    const writes = createAnimalWrites(shop.writeDatabase);
    const cheapest = before.animals[0]!;
    const stored = await writes.read(cheapest._id);
    await writes.hide(owner, cheapest._id, stored!.version);
    const hidden = await catalogue.searchAnimals(query({ search: 'דרקון', sort: 'price' }));
    expect(hidden.total).toBe(before.total - 1);
    expect(hidden.animals.map((animal) => animal._id)).not.toContain(cheapest._id);

    // A price changed in SQL, with its copy on the animal's words (docs/search.md: a direct write must
    // keep those itself); the catalogue's version moves with the animal row: the dearest dragon is now the cheapest.
    const dearest = hidden.animals.at(-1)!;
    await sql`update animal_word set price = 0.5 where animal_id = ${dearest._id}`.execute(shop.writeDatabase.db);
    await sql`update animal set price = 0.5 where id = ${dearest._id}`.execute(shop.writeDatabase.db);
    const repriced = await catalogue.searchAnimals(query({ search: 'דרקון', sort: 'price' }));
    expect(repriced.total).toBe(hidden.total);
    expect(repriced.animals[0]).toMatchObject({ _id: dearest._id, price: 0.5 });
  });
});
