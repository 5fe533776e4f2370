/**
 * The catalogue as the static build sees it: every category and every animal, read from the
 * configured database once per build (the first route to ask starts the read, the others share
 * it), in the name order of the API's search and of the category pages. Every built page's data is
 * taken from it in memory; an animal's similar animals from the server's own catalogue index, as its
 * animal page shows them.
 */
import { DEFAULT_PAGE_SIZE, pageCount } from '../lib/paging.ts';
import type { Animal, AnimalSearchResult, Category, CategoryDetail } from '../lib/schemas.ts';
import { pictureNames } from '../server/pictures/store.ts';
import { getShop, type Shop } from '../server/shop.ts';

interface BuiltCatalogue {
  categories: Category[];
  /** Every animal, by name (the API's `sort=name`, which the category pages use too). */
  animals: Animal[];
}

/** One read per shop (a build has one; a test may open several). */
const reads = new WeakMap<Shop, Promise<BuiltCatalogue>>();

async function readCatalogue({ catalogue }: Shop): Promise<BuiltCatalogue> {
  const categories = await catalogue.listCategories();
  const { animals } = await catalogue.searchAnimals({ search: '', sort: 'name' });
  return { categories, animals };
}

export async function builtCatalogue(): Promise<BuiltCatalogue> {
  const shop = await getShop();
  let read = reads.get(shop);
  if (!read) {
    read = readCatalogue(shop);
    reads.set(shop, read);
  }
  return read;
}

/** Page `page` of a list (pages of the list's size). */
function onePage(animals: readonly Animal[], page: number): AnimalSearchResult {
  const start = (page - 1) * DEFAULT_PAGE_SIZE;
  return { animals: animals.slice(start, start + DEFAULT_PAGE_SIZE), total: animals.length };
}

/** The plain animals list's first page (what /products shows before any search). */
export async function firstListPage(): Promise<AnimalSearchResult> {
  return onePage((await builtCatalogue()).animals, 1);
}

/** Every page of every category (page 1 of an empty category too). */
export async function categoryPages(): Promise<{ detail: CategoryDetail; page: number }[]> {
  const { categories, animals } = await builtCatalogue();
  return categories.flatMap((category) => {
    const own = animals.filter((animal) => animal.category === category.slug);
    return Array.from({ length: pageCount(own.length) }, (_, index) => ({
      detail: { category, ...onePage(own, index + 1) },
      page: index + 1,
    }));
  });
}

/** Every animal with its category and its similar animals. */
export async function animalPages(): Promise<{ animal: Animal; category: Category | undefined; similar: Animal[] }[]> {
  const { categories, animals } = await builtCatalogue();
  const { catalogue } = await getShop();
  const bySlug = new Map(categories.map((category) => [category.slug, category]));
  const pages = [];
  // One after another: each reads its few animals by id, and all at once would hold every read open.
  for (const animal of animals) {
    const similar = await catalogue.similarAnimals(animal._id);
    pages.push({ animal, category: bySlug.get(animal.category), similar });
  }
  return pages;
}

/** The owner's stored pictures (uploads and drawings of new animals) the built pages name. */
export async function storedPictures(): Promise<string[]> {
  return pictureNames((await getShop()).database.db);
}
