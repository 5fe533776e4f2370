/**
 * The literal rule through the catalogue's words (src/lib/search/catalogue-index.ts) when a run of the text is
 * at the edge of very many distinct words (nearly every animal has one): the same animals as the rule
 * says, on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { foldHebrew, searchText } from '../../src/lib/search/index.ts';
import { animalRow, catalogueRows } from '../../src/server/db/seed/seed.ts';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { openTestShopWith, type TestShop } from '../helpers/shop.ts';

const LETTERS = 'אבגדזחטכלמנסעפקרשת';
/** 1,200 distinct made-up words, each ending with ה. */
const words = Array.from({ length: 1200 }, (_, index) => {
  const [a, b, c] = [index % 18, Math.floor(index / 18) % 18, Math.floor(index / 324) % 18];
  return `${LETTERS[a]}${LETTERS[b]}${LETTERS[c]}ה`;
});
const seed = catalogueRows();
const animals = syntheticCatalogue(1200).animals.map((row, index) =>
  // Every animal gets one of the words, and every tenth has it right before 'דרקון'.
  animalRow(row.id, row.category_id, {
    slug: row.slug,
    name: row.name,
    description: `${row.description} ${words[index]}${index % 10 === 0 ? ' דרקון' : ' וזהו'}.`,
    img: row.img,
    price: Number(row.price),
    countInStock: Number(row.count_in_stock),
    rating: Number(row.rating),
    numReviews: Number(row.num_reviews),
  }),
);
const rows = { categories: seed.categories, animals: [...seed.animals, ...animals] };

describeEachDatabase('a literal at the edge of very many words', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShopWith(rows, database);
  });
  afterAll(() => shop?.dispose());

  it('finds exactly the animals whose text holds it', async () => {
    // 'ה' ends all 1,200 words, and the word rule finds nothing for it.
    for (const text of ['ה דרקון', 'ה וזהו']) {
      const expected = rows.animals
        .filter((row) => searchText(row.name, row.description).includes(foldHebrew(text)))
        .map((row) => row.slug)
        .sort();
      const answer = await shop.catalogue.searchAnimals({ search: text, sort: 'name', exact: true });
      expect(answer.animals.map((animal) => animal.slug).sort(), text).toEqual(expected);
      expect(expected.length, text).toBeGreaterThan(100);
    }
  });
});
