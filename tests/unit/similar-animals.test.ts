/**
 * Similar animals (src/lib/search/catalogue-similar.ts), on SQLite and PostgreSQL: the same category
 * first, then the animals sharing the rarest words, never the animal itself or a hidden one; the
 * static build's animal pages (src/static-site/catalogue.server.ts) list exactly what the server's
 * do; and after the catalogue changes, the server's index, kept current by the change feed, answers
 * what an index read afresh from the changed catalogue answers.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Animal } from '../../src/lib/schemas.ts';
import { SIMILAR_MOST, similarAnimals, storedWords } from '../../src/lib/search/index.ts';
import { createAnimalWrites } from '../../src/server/db/catalogue/catalogue-writes.ts';
import { stableId } from '../../src/server/db/ids.ts';
import { catalogueRows, replaceCatalogue } from '../../src/server/db/seed/seed.ts';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';
import { readCatalogueIndex } from '../../src/server/search/index.ts';
import { useShop } from '../../src/server/shop.ts';
import { animalPages } from '../../src/static-site/catalogue.server.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { fixtureAnimal } from '../helpers/search-texts.ts';
import { openTestShop, openTestShopWith, type TestShop } from '../helpers/shop.ts';

const owner = { id: 'user_2owner', name: 'בעלת החנות' };
const ids = (animals: readonly Animal[]) => animals.map((animal) => animal._id);
const idOf = (slug: string) => stableId('animal', slug);

/** Every shown animal, in name order. */
async function shownAnimals(shop: TestShop): Promise<Animal[]> {
  return (await shop.catalogue.searchAnimals({ search: '', sort: 'name' })).animals;
}

describeEachDatabase('similar animals', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShopWith(
      catalogueRows([
        {
          slug: 'fire',
          name: 'אש',
          description: 'יצורי אש',
          animals: [
            fixtureAnimal('glow-dragon', 'דרקון זוהר', 'נושף להבות סגולות וישן על הר געש'),
            fixtureAnimal('salamander', 'סלמנדרה', 'ישנה על הר געש'),
            fixtureAnimal('phoenix', 'עוף חול', 'נולד מחדש מהאפר'),
            fixtureAnimal('torch', 'אבוקה מהלכת', 'מאירה את הדרך'),
          ],
        },
        {
          slug: 'water',
          name: 'מים',
          description: 'יצורי מים',
          animals: [
            fixtureAnimal('water-dragon', 'דרקון מים', 'שוחה בלהבות סגולות'),
            fixtureAnimal('glow-fish', 'דג זוהר', 'זוהר במעמקים'),
            fixtureAnimal('turtle', 'צב ים', 'שוחה לאט'),
          ],
        },
        {
          slug: 'sky',
          name: 'שמיים',
          description: 'יצורי שמיים',
          animals: [fixtureAnimal('sky-dragon', 'דרקון שמיים זוהר', 'נושף להבות סגולות על הר געש')],
        },
      ]),
      database,
    );
  });
  afterAll(() => shop?.dispose());

  it('lists its category first (sharing words, then by name), then others by the rare words they share', async () => {
    const writes = createAnimalWrites(shop.writeDatabase);
    // Before it is hidden, the sky dragon shares the most words of all.
    expect(ids(await shop.catalogue.similarAnimals(idOf('glow-dragon')))).toEqual(
      ['salamander', 'torch', 'phoenix', 'sky-dragon', 'water-dragon', 'glow-fish'].map(idOf),
    );
    await writes.hide(owner, idOf('sky-dragon'), 1);
    // The turtle shares no word and no category: it is not similar.
    expect(ids(await shop.catalogue.similarAnimals(idOf('glow-dragon')))).toEqual(
      ['salamander', 'torch', 'phoenix', 'water-dragon', 'glow-fish'].map(idOf),
    );
    // A text changed: the words it shares now count.
    await writes.update(owner, idOf('turtle'), 1, { description: 'ישן על הר געש' });
    expect(ids(await shop.catalogue.similarAnimals(idOf('glow-dragon')))).toEqual(
      ['salamander', 'torch', 'phoenix', 'turtle', 'water-dragon', 'glow-fish'].map(idOf),
    );
    expect(ids(await shop.catalogue.similarAnimals(idOf('turtle')))).toEqual(
      // Its own category has no word of it left: by name; then the two sharing three words, by name.
      ['glow-fish', 'water-dragon', 'glow-dragon', 'salamander'].map(idOf),
    );
    // A hidden or unknown animal has none.
    expect(await shop.catalogue.similarAnimals(idOf('sky-dragon'))).toEqual([]);
    expect(await shop.catalogue.similarAnimals('0'.repeat(24))).toEqual([]);
  });
});

describeEachDatabase('similar animals on the server and in the static build', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ SEED_ON_START: 'false' }, database);
    const seed = catalogueRows();
    await replaceCatalogue(shop.database.db, {
      categories: seed.categories,
      animals: [...seed.animals, ...syntheticCatalogue(300).animals],
    });
    useShop(shop);
  });
  afterAll(() => shop?.dispose());

  it('are the same list for every animal, eight of its own category in a large one', async () => {
    const pages = await animalPages();
    expect(pages).toHaveLength(360);
    for (const { animal, similar } of pages) {
      expect(ids(similar), animal.name).toEqual(ids(await shop.catalogue.similarAnimals(animal._id)));
      expect(similar.length, animal.name).toBe(SIMILAR_MOST);
      expect(SIMILAR_MOST).toBe(8);
      expect(ids(similar), animal.name).not.toContain(animal._id);
      expect(new Set(ids(similar)).size).toBe(SIMILAR_MOST);
    }
    // Each category holds some 36 animals: all eight are of the animal's own; a synthetic animal's first
    // shares words with it (their texts are made of the same words).
    const wordsOf = (animal: Animal) => new Set(storedWords(animal.name, animal.description).all.trim().split(' '));
    for (const { animal, similar } of pages) {
      expect(
        similar.every((other) => other.category === animal.category),
        animal.name,
      ).toBe(true);
      if (!animal.slug.startsWith('synthetic-')) continue;
      const own = wordsOf(animal);
      expect(
        [...wordsOf(similar[0]!)].some((word) => own.has(word)),
        animal.name,
      ).toBe(true);
    }
  });

  it('stay the same after changes the server applies from the change feed', async () => {
    const writes = createAnimalWrites(shop.writeDatabase);
    const [first, second, third, fourth] = (await shownAnimals(shop)).filter((animal) =>
      animal.slug.startsWith('synthetic-'),
    );
    // Read now, so that the server's index is kept current from here on rather than read again.
    await shop.catalogue.similarAnimals(first!._id);
    await writes.update(owner, first!._id, 1, { name: 'שועל ענק', description: 'שר בלילות ליד הירח.' });
    await writes.update(owner, second!._id, 1, { description: 'אוהב לשיר בבוקר ליד הירח.' });
    await writes.hide(owner, third!._id, 1);
    await writes.delete(owner, fourth!._id, 1);
    const created = await writes.create(owner, {
      slug: 'moon-fox',
      name: 'שועל ירח',
      description: 'שר לירח בכל לילה.',
      price: 10,
      countInStock: 1,
      rating: 4,
      numReviews: 0,
      category: first!.category,
    });
    const read = await shownAnimals(shop);
    const afresh = await readCatalogueIndex(shop.database.db);
    let changed = 0;
    for (const animal of read) {
      const server = ids(await shop.catalogue.similarAnimals(animal._id));
      expect(server, animal.name).toEqual(similarAnimals(afresh, animal._id));
      if (server.includes(created._id) || server.includes(first!._id)) changed++;
    }
    expect(changed).toBeGreaterThan(0);
    expect(ids(await shop.catalogue.similarAnimals(created._id))[0]).toBe(first!._id);
  });
});
