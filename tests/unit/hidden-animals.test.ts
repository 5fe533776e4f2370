/**
 * A hidden animal (the owner's `hidden`) disappears from everything a shopper reads, on
 * SQLite and PostgreSQL: the list and search (total and facets too), suggestions, its category's page
 * and count, its own page and API answer, and the sitemaps; shown again, it is back everywhere.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAnimalWrites } from '../../src/server/db/catalogue/catalogue-writes.ts';
import { createSeoQueries } from '../../src/server/db/catalogue/seo-queries.ts';
import type { AnimalSearchResult } from '../../src/lib/schemas.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { seedAnimal, seedCategory } from '../helpers/catalogue.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const owner = { id: 'user_2owner', name: 'בעלת החנות' };
const dragon = seedAnimal('thimble-dragon');

describeEachDatabase('hidden animals', (database) => {
  let shop: TestShop;
  let animals: ReturnType<typeof createAnimalWrites>;
  beforeAll(async () => {
    shop = await openTestShop({}, database);
    animals = createAnimalWrites(shop.writeDatabase);
  });
  afterAll(() => shop?.dispose());

  /** Everything a shopper can read about the dragon, and the counts around it. */
  async function whatShoppersSee() {
    const search = async (params: string) =>
      (await (await shop.get(`/animals/search?${params}`)).json()) as AnimalSearchResult;
    const byName = await search(`search=${encodeURIComponent('דרקון אצבעון')}`);
    const all = await search('limit=100');
    const detail = await shop.catalogue.findCategoryDetail(dragon.category.slug, { limit: 100 });
    const seo = createSeoQueries(shop.database.db);
    return {
      inSearch: byName.animals.some((animal) => animal._id === dragon.id),
      inList: all.animals.some((animal) => animal._id === dragon.id),
      total: all.total,
      facet: all.facets?.categories.find((category) => category.slug === dragon.category.slug)?.count,
      suggested: (await shop.catalogue.suggest('דרקון א')).some((suggestion) => suggestion.name === dragon.name),
      inCategory: detail!.animals.some((animal) => animal._id === dragon.id),
      categoryTotal: detail!.total,
      page: (await shop.catalogue.findAnimal(dragon.id)) !== undefined,
      api: (await shop.get(`/animals/${dragon.id}`)).status,
      inSitemap: (await seo.animalIds(0, 100)).includes(dragon.id),
      sitemapCount: await seo.countAnimals(),
    };
  }

  it('is gone from every shopper read while hidden, and back when shown', async () => {
    const before = await whatShoppersSee();
    expect(before).toMatchObject({
      inSearch: true,
      inList: true,
      suggested: true,
      inCategory: true,
      page: true,
      api: 200,
      inSitemap: true,
    });
    const hidden = await animals.hide(owner, dragon.id, 1);
    expect(hidden.hidden).toBe(true);
    expect(await whatShoppersSee()).toEqual({
      inSearch: false,
      inList: false,
      total: before.total - 1,
      facet: before.facet! - 1,
      suggested: false,
      inCategory: false,
      categoryTotal: before.categoryTotal - 1,
      page: false,
      api: 404,
      inSitemap: false,
      sitemapCount: before.sitemapCount - 1,
    });
    // The owner still has it, marked.
    expect(await animals.read(dragon.id)).toMatchObject({ slug: dragon.slug, hidden: true });
    await animals.show(owner, dragon.id, 2);
    expect(await whatShoppersSee()).toEqual(before);
  });

  it("keeps a search's other animals, and its category's other animals, as they were", async () => {
    const category = seedCategory(dragon.category.slug);
    const others = category.animals.filter((animal) => animal.slug !== dragon.slug).length;
    await animals.hide(owner, dragon.id, (await animals.read(dragon.id))!.version);
    const detail = await shop.catalogue.findCategoryDetail(category.slug);
    expect(detail!.animals.map((animal) => animal.slug).sort()).toEqual(
      category.animals
        .filter((animal) => animal.slug !== dragon.slug)
        .map((animal) => animal.slug)
        .sort(),
    );
    expect(detail!.total).toBe(others);
    // A search the dragon matched still finds the other dragons, in order, with a total to match.
    const result = await shop.catalogue.searchAnimals({ search: 'דרקונים', sort: 'price', limit: 2, page: 1 });
    expect(result.animals.map((animal) => animal.slug)).not.toContain(dragon.slug);
    expect(result.total).toBeGreaterThan(0);
    const rest = await shop.catalogue.searchAnimals({ search: 'דרקונים', sort: 'price' });
    expect(rest.animals).toHaveLength(rest.total);
    expect(rest.animals.slice(0, 2)).toEqual(result.animals);
    await animals.show(owner, dragon.id, (await animals.read(dragon.id))!.version);
  });

  it('corrects spelling only to words shown animals have, not to a closer word of a hidden one', async () => {
    const animal = (slug: string, name: string, hidden: boolean) => ({
      slug,
      name,
      description: 'תיפלץ לבדיקת תיקוני כתיב.',
      price: 10,
      countInStock: 1,
      rating: 3,
      numReviews: 1,
      category: dragon.category.slug,
      hidden,
    });
    await animals.create(owner, animal('hidden-zebra', 'זברונקל נסתר', true));
    const shown = await animals.create(owner, animal('shown-zebra', 'זברונקר גלוי', false));
    // One edit from the hidden animal's word, two from the shown one's: the shown one's is the correction.
    const answer = (await (
      await shop.get(`/animals/search?search=${encodeURIComponent('זברונקלל')}`)
    ).json()) as AnimalSearchResult;
    expect(answer).toMatchObject({ correction: 'spelling', correctedQuery: 'זברונקר', total: 1 });
    expect(answer.animals[0]!._id).toBe(shown._id);
  });
});
