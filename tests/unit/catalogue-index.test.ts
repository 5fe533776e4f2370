/**
 * The search's catalogue index in memory (src/lib/search/catalogue-index.ts and its keeper), on SQLite
 * and PostgreSQL: it finds exactly the animals the rules define (src/lib/search/search-words.ts matchesPlan over
 * every shown animal) for texts of every kind — words, their forms and starts, literals inside and across
 * words, punctuation, wildcards, quotes, no letters at all — and it is never older than the catalogue: a
 * search of a new version waits for its index.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../../src/lib/seeded-random.ts';
import { AnimalSearchQuerySchema } from '../../src/lib/schemas.ts';
import { IndexCatalogue } from '../../src/features/animal-list/index-catalogue.ts';
import { compareBySort } from '../../src/lib/search/index.ts';
import { catalogueWords, matchesPlan, planSearch, storedWords } from '../../src/lib/search/index.ts';
import { CatalogueIndexBuilder, type IndexedAnimal } from '../../src/lib/search/index.ts';
import { readCatalogueVersion } from '../../src/server/search/index.ts';
import { createCatalogueIndexKeeper, readCatalogueIndex } from '../../src/server/search/index.ts';
import { createAnimalWrites } from '../../src/server/db/catalogue/catalogue-writes.ts';
import { createCatalogue } from '../../src/server/db/catalogue/catalogue-reads.ts';
import { replaceCatalogue } from '../../src/server/db/seed/seed.ts';
import { SHOWN_TO_SHOPPERS } from '../../src/server/db/catalogue/shown-to-shoppers.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';
import { parityCatalogue, SEARCH_TEXTS } from '../helpers/search-texts.ts';

const owner = { id: 'user_2owner', name: 'בעלת החנות' };

describeEachDatabase('the catalogue index in memory', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ SEED_ON_START: 'false' }, database);
    await replaceCatalogue(shop.database.db, parityCatalogue());
  });
  afterAll(() => shop?.dispose());

  /** Every shown animal's id, folded text and words, as the rules read them. */
  async function shownAnimals() {
    const rows = await shop.database.db
      .selectFrom('animal')
      .select([
        'animal.id',
        'animal.name',
        'animal.description',
        'animal.search_text',
        'animal.price',
        'animal.name_key',
      ])
      .where(SHOWN_TO_SHOPPERS)
      .execute();
    return rows.map((row) => ({ ...row, price: Number(row.price), words: catalogueWords(row.name, row.description) }));
  }

  /**
   * Texts of every kind: the shared hard cases, each catalogue word with prefix letters, endings, as a
   * start and an end, and pieces of the animals' own texts cut anywhere (inside and across words, with
   * their punctuation), from a seeded random source.
   */
  function textsFor(animals: Awaited<ReturnType<typeof shownAnimals>>): string[] {
    const random = seededRandom(17);
    const texts = new Set<string>(SEARCH_TEXTS);
    const words = [...new Set(animals.flatMap((animal) => animal.words.map(({ word }) => word)))];
    for (const word of words.slice(0, 300)) {
      texts.add(word);
      texts.add(`ה${word}`);
      texts.add(`${word}ים`);
      texts.add(word.slice(0, 2));
      texts.add(word.slice(-2));
    }
    for (let count = 0; count < 600; count++) {
      const { search_text } = animals[Math.floor(random() * animals.length)]!;
      const start = Math.floor(random() * search_text.length);
      texts.add(search_text.slice(start, start + 1 + Math.floor(random() * 14)));
    }
    for (let count = 0; count < 100; count++) {
      const pick = () => words[Math.floor(random() * words.length)]!;
      texts.add(`${pick()} ${pick()}`);
    }
    return [...texts];
  }

  it('finds exactly the animals the search rules define, for texts of every kind', async () => {
    const animals = await shownAnimals();
    const index = await readCatalogueIndex(shop.database.db);
    expect(index.size).toBe(animals.length);
    const texts = textsFor(animals);
    expect(texts.length).toBeGreaterThan(1000);
    let found = 0;
    for (const text of texts) {
      const plan = planSearch(text, (word) => index.isCatalogueWord(word));
      const expected = animals
        .filter((animal) => !plan.text.includes('\u0000') && matchesPlan(plan, animal.search_text, animal.words))
        .map((animal) => animal.id)
        .sort();
      const { matches } = index.matches(text);
      expect(matches.map((match) => match.id).sort(), JSON.stringify(text)).toEqual(expected);
      if (expected.length > 0 && expected.length < animals.length) found++;
    }
    expect(found).toBeGreaterThan(texts.length / 2);
  });

  it("suggests as the static build's browser does, and pages searches as the rules sort their matches", async () => {
    const animals = await shownAnimals();
    const server = createCatalogue(shop.database.db);
    const whole = await server.searchAnimals(AnimalSearchQuerySchema.parse({}));
    const categories = await server.listCategories();
    const browser = IndexCatalogue.build(
      whole.animals,
      categories.map((category) => [category.slug, category.name]),
    );
    const texts = new Set<string>(SEARCH_TEXTS);
    for (const { name } of animals.slice(0, 400)) {
      for (const word of name.split(/\s+/)) for (const length of [1, 2, 3, 5]) texts.add(word.slice(0, length));
      texts.add(name.slice(0, 6));
    }
    texts.add('hbau;');
    texts.add('דרקן');
    let suggested = 0;
    for (const text of texts) {
      const answer = await server.suggest(text);
      expect(await browser.suggest(text), text).toEqual(answer);
      if (answer.length > 0) suggested++;
    }
    expect(suggested).toBeGreaterThan(texts.size / 2);
    const index = await readCatalogueIndex(shop.database.db);
    const byPrice = compareBySort('price');
    for (const text of [...texts].slice(0, 300)) {
      const plan = planSearch(text, (word) => index.isCatalogueWord(word));
      const expected = animals
        .filter((animal) => !plan.text.includes('\u0000') && matchesPlan(plan, animal.search_text, animal.words))
        .sort(byPrice)
        .map((animal) => animal.id);
      const ask = AnimalSearchQuerySchema.parse({ search: text, sort: 'price', limit: '24', page: '2', exact: '1' });
      const answer = await server.searchAnimals(ask);
      expect(answer.total, text).toBe(expected.length);
      expect(
        answer.animals.map((animal) => animal._id),
        text,
      ).toEqual(expected.slice(24, 48));
    }
  });

  it('finds an animal written in SQL without its words by its text, and leaves out hidden ones', async () => {
    const [category] = await shop.database.db.selectFrom('category').select('id').limit(1).execute();
    const db = shop.writeDatabase.db;
    const unworded = '00000000-0000-4000-8000-00000000a17e';
    await sql`insert into animal (id, slug, name, description, img, price, count_in_stock, rating, num_reviews,
      category_id, name_key, search_text, search_words, name_words)
      values (${unworded}, 'typed-in-sql', 'זברה ידנית', 'נכתבה ישר במסד', '/images/x.webp', 10, 1, 4, 1,
      ${category!.id}, 'זברה ידנית', 'זברה ידנית נכתבה ישר במסד', '', '')`.execute(db);
    try {
      const index = await readCatalogueIndex(shop.database.db);
      expect(index.matches('ידנית נכתבה').matches.map((match) => match.id)).toEqual([unworded]);
      expect(index.matches('זברה').matches.map((match) => match.id)).toEqual([unworded]);
      // Its words are computed from its text (as the shop would store them): its forms find it too.
      expect(index.matches('זברות').matches.map((match) => match.id)).toEqual([unworded]);
      await sql`update animal set hidden = ${database === 'postgres' ? sql`true` : sql`1`} where id = ${unworded}`.execute(
        db,
      );
      const hidden = await readCatalogueIndex(shop.database.db);
      expect(hidden.matches('זברה').matches).toEqual([]);
      expect(hidden.size).toBe(index.size - 1);
    } finally {
      await sql`delete from animal where id = ${unworded}`.execute(db);
    }
  });

  describe('freshness', () => {
    const query = (params: Record<string, string>) => AnimalSearchQuerySchema.parse({ limit: '24', ...params });

    it("a small catalogue's next search waits for the new index: the owner's write and a direct SQL change are seen at once", async () => {
      const fromIndex = createCatalogue(shop.database.db);
      // A server started now reads the catalogue whole: the kept index answers as it does.
      const fresh = { searchAnimals: (asked: typeof ask) => createCatalogue(shop.database.db).searchAnimals(asked) };
      const ask = query({ search: 'דרקון', sort: 'price' });
      const before = await fromIndex.searchAnimals(ask);
      expect(before.total).toBeGreaterThan(2);
      expect(before).toEqual(await fresh.searchAnimals(ask));

      const writes = createAnimalWrites(shop.writeDatabase);
      const cheapest = before.animals[0]!;
      await writes.hide(owner, cheapest._id, (await writes.read(cheapest._id))!.version);
      const hidden = await fromIndex.searchAnimals(ask);
      expect(hidden.total).toBe(before.total - 1);
      expect(hidden.animals.map((animal) => animal._id)).not.toContain(cheapest._id);

      const dearest = hidden.animals.at(-1)!;
      await sql`update animal set price = 0.5 where id = ${dearest._id}`.execute(shop.writeDatabase.db);
      const repriced = await fromIndex.searchAnimals(ask);
      expect(repriced.animals[0]).toMatchObject({ _id: dearest._id, price: 0.5 });
      expect(repriced).toEqual(await fresh.searchAnimals(ask));
    });

    it('a search waits for the index read whole, then the feed keeps it current', async () => {
      const keeper = createCatalogueIndexKeeper(shop.database.db);
      const version = await readCatalogueVersion(shop.database.db);
      expect((await keeper.at(version)).version).toBe(version);
      const reading = keeper.lastReading();

      await sql`update animal set count_in_stock = count_in_stock + 1`.execute(shop.writeDatabase.db);
      const changed = await readCatalogueVersion(shop.database.db);
      expect(changed).not.toBe(version);
      // Every animal changed (fewer than FEED_MOST): their rows read again, before the search is answered.
      expect((await keeper.at(changed))?.version).toBe(changed);

      await sql`update animal set price = price + 1 where id in (select id from animal order by id limit 3)`.execute(
        shop.writeDatabase.db,
      );
      const next = await readCatalogueVersion(shop.database.db);
      // A few animals: applied from the feed before the search is answered.
      expect((await keeper.at(next))?.version).toBe(next);
      // An older version's searches (a reader that has not seen the change yet) get the newer index.
      expect((await keeper.at(version))?.version).toBe(next);
      expect(keeper.lastReading(), 'not read whole again').toBe(reading);
      // The lists without text walk each sort's order, made from the name order read and the changes applied since.
      const kept = await keeper.at(next);
      for (const sort of ['name', 'price'] as const) {
        expect(kept.inOrder(sort).map((animal) => animal.id)).toEqual(
          [...kept.animals].sort(compareBySort(sort)).map((animal) => animal.id),
        );
      }
    });

    it('keeps its index when the catalogue grows past SEARCH_INDEX_ANIMALS, and says so once', async () => {
      const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const keeper = createCatalogueIndexKeeper(shop.database.db, { mostAnimals: 5 });
      const version = await readCatalogueVersion(shop.database.db);
      const index = await keeper.at(version);
      expect(index.version).toBe(version);
      expect(await keeper.at(version)).toBe(index);
      expect(warned).toHaveBeenCalledOnce();
      expect(String(warned.mock.calls[0]![0])).toMatch(
        new RegExp(`^SEARCH_INDEX_ANIMALS=5: the catalogue has grown to ${index.size} animals`),
      );
      warned.mockRestore();
    });
  });
});

describe('the catalogue index read in another order', () => {
  it('suggests names in name order whatever order its animals were read in', async () => {
    const rows = parityCatalogue().animals.map((animal): IndexedAnimal => {
      const stored = storedWords(animal.name, animal.description);
      return { ...animal, search_words: stored.all, name_words: stored.name };
    });
    const byName = compareBySort('name');
    const nameOrder = (a: IndexedAnimal, b: IndexedAnimal) =>
      byName({ name_key: a.name_key, id: a.id, price: 0 }, { name_key: b.name_key, id: b.id, price: 0 });
    const read = async (order: IndexedAnimal[]) => {
      const builder = new CatalogueIndexBuilder();
      for (const row of order) builder.add(row);
      return builder.build('version', [], () => Promise.resolve());
    };
    const inOrder = await read([...rows].sort(nameOrder));
    const reversed = await read([...rows].sort((a, b) => nameOrder(b, a)));
    const texts = [...new Set(rows.flatMap((row) => row.name_words.split(' ').filter(Boolean)))].flatMap((word) => [
      word.slice(0, 1),
      word.slice(0, 3),
    ]);
    expect(texts.length).toBeGreaterThan(20);
    for (const text of new Set(texts)) {
      const plan = planSearch(text, (word) => inOrder.isCatalogueWord(word));
      const named = inOrder.namesWith(plan, 8);
      expect(reversed.namesWith(plan, 8), text).toEqual(named);
      const found = named.map(({ id }) => rows.find((row) => row.id === id)!);
      expect([...found].sort(nameOrder), text).toEqual(found);
    }
  });
});
