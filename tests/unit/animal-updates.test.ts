/**
 * Many animals written at once (what the spreadsheet import applies with), on SQLite and PostgreSQL:
 * each row still guarded by its version, a changed or deleted animal refused while the others are
 * written, words computed for a changed text only, --force's overwrite (the whole row as the file has it)
 * numbered from the stored version.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { updateAnimalRows, type AnimalUpdate } from '../../src/server/db/catalogue/animal-updates.ts';
import { createAnimalWrites, readStoredAnimal } from '../../src/server/db/catalogue/catalogue-writes.ts';
import { searchColumnsFor } from '../../src/server/db/search/animal-words.ts';
import { inWriteTransaction } from '../../src/server/db/write-transaction.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { seedAnimal } from '../helpers/catalogue.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const owner = { id: 'user_2owner' };

describeEachDatabase('animals written many at once', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({}, database);
  });
  afterAll(() => shop?.dispose());

  async function stored(slug: string) {
    return (await readStoredAnimal(shop.database.db, seedAnimal(slug).id))!;
  }

  async function searchColumns(slug: string) {
    return shop.database.db
      .selectFrom('animal')
      .select(['name_key', 'search_text', 'search_words', 'name_words'])
      .where('id', '=', seedAnimal(slug).id)
      .executeTakeFirstOrThrow();
  }

  it('writes each row at its version, refuses a changed or deleted one and goes on', async () => {
    const slugs = ['kite-lizard', 'rainbow-owl', 'cloud-sheep', 'teapot-octopus', 'pearl-urchin'];
    const [restocked, renamed, changedMeanwhile, deletedMeanwhile, forced] = await Promise.all(slugs.map(stored));
    const wordsBefore = await searchColumns(restocked!.slug);
    const writes = createAnimalWrites(shop.writeDatabase);
    await writes.update(owner, changedMeanwhile!._id, changedMeanwhile!.version, { price: 3 });
    await writes.update(owner, forced!._id, forced!.version, { price: 4 });
    await writes.delete(owner, deletedMeanwhile!._id, deletedMeanwhile!.version);

    const update = (current: typeof restocked, change: object, expectedVersion: number | null): AnimalUpdate => ({
      current: current!,
      next: { ...current!, ...change },
      categoryId: current!.categoryId,
      expectedVersion,
    });
    const updates = [
      update(restocked, { countInStock: restocked!.countInStock + 5 }, restocked!.version),
      update(renamed, { name: 'ינשוף קשת זוהר', description: 'שוחה בלילות.' }, renamed!.version),
      update(changedMeanwhile, { countInStock: 0 }, changedMeanwhile!.version),
      update(deletedMeanwhile, { countInStock: 0 }, deletedMeanwhile!.version),
      update(forced, { countInStock: 9 }, null),
    ];
    const outcomes = await inWriteTransaction(shop.writeDatabase, (trx) => updateAnimalRows(trx, updates));

    expect(outcomes.map((outcome) => ('written' in outcome ? 'written' : outcome.refused.kind))).toEqual([
      'written',
      'written',
      'stale',
      'not-found',
      'written',
    ]);
    const refusedCurrent = outcomes[2]!;
    expect('refused' in refusedCurrent && refusedCurrent.current).toMatchObject({ price: 3 });
    expect(outcomes[0]).toMatchObject({
      audit: { action: 'animal.update', before: { version: restocked!.version }, after: { version: 2 } },
    });

    expect(await stored(restocked!.slug)).toMatchObject({ countInStock: restocked!.countInStock + 5, version: 2 });
    expect(await searchColumns(restocked!.slug)).toEqual(wordsBefore);
    expect(await stored(renamed!.slug)).toMatchObject({ name: 'ינשוף קשת זוהר', version: 2 });
    expect(await searchColumns(renamed!.slug)).toEqual(
      searchColumnsFor({ name: 'ינשוף קשת זוהר', description: 'שוחה בלילות.' }),
    );
    const words = await shop.database.db.selectFrom('search_word').select('word').where('word', '=', 'זוהר').execute();
    expect(words).toHaveLength(1);
    expect(await stored(changedMeanwhile!.slug)).toMatchObject({
      price: 3,
      countInStock: changedMeanwhile!.countInStock,
    });
    expect(await stored(forced!.slug)).toMatchObject({ price: forced!.price, countInStock: 9, version: 3 });
    expect(outcomes[4]).toMatchObject({ written: { version: 3 } });
  });

  it('refuses to change a slug (a new slug is written row by row)', async () => {
    const current = await stored('kite-lizard');
    await expect(
      inWriteTransaction(shop.writeDatabase, (trx) =>
        updateAnimalRows(trx, [
          { current, next: { ...current, slug: 'other' }, categoryId: current.categoryId, expectedVersion: null },
        ]),
      ),
    ).rejects.toThrow(/keeps slugs/);
  });
});
