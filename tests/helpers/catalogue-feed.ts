/**
 * What a server's catalogue index must hold after the change feed: exactly the shown animals, finding
 * for each text what the search rules find over them (their words computed from their name and
 * description, as the index computes them for an animal written in SQL).
 */
import { expect } from 'vitest';
import { searchText } from '../../src/lib/search/index.ts';
import { catalogueWords, matchesPlan, planSearch } from '../../src/lib/search/index.ts';
import type { CatalogueIndex } from '../../src/lib/search/index.ts';
import { SHOWN_TO_SHOPPERS } from '../../src/server/db/catalogue/shown-to-shoppers.ts';
import type { ShopDatabase } from '../../src/server/db/tables.ts';

/** Every shown animal as the rules read its text (computed from its name and description, as the index does). */
async function shownNow(db: ShopDatabase) {
  const rows = await db
    .selectFrom('animal')
    .select(['animal.id', 'animal.name', 'animal.description', 'animal.price'])
    .where(SHOWN_TO_SHOPPERS)
    .execute();
  return rows.map((row) => ({
    ...row,
    price: Number(row.price),
    text: searchText(row.name, row.description),
    words: catalogueWords(row.name, row.description),
  }));
}

/** The index holds exactly the shown animals, and finds for each text what the rules find over them. */
export async function expectIndexOf(db: ShopDatabase, index: CatalogueIndex, texts: readonly string[]) {
  const animals = await shownNow(db);
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  expect(index.animals.map(({ id, price }) => ({ id, price })).sort(byId)).toEqual(
    animals.map(({ id, price }) => ({ id, price })).sort(byId),
  );
  for (const text of texts) {
    const plan = planSearch(text, (word) => index.isCatalogueWord(word));
    const expected = animals
      .filter((animal) => matchesPlan(plan, animal.text, animal.words))
      .map((animal) => animal.id);
    expect(
      index
        .matches(text)
        .matches.map((match) => match.id)
        .sort(),
      text,
    ).toEqual(expected.sort());
  }
}
