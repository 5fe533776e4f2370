/**
 * Every shopper's list on the server, answered by the catalogue index at the catalogue's version: the
 * lists, a category's pages, the header's suggestions and an animal's similar animals. SQL reads only
 * the page's animals, by id, and the categories.
 */
import { listCatalogue, type ListQuery } from '../../lib/search/index.ts';
import { similarAnimals, suggestCatalogue } from '../../lib/search/index.ts';
import type { Animal, AnimalSearchQuery, AnimalSearchResult, Suggestion } from '../../lib/schemas.ts';
import type { FacetCategory, SearchFilters } from '../../lib/search/index.ts';
import { animalsInOrder } from '../db/catalogue/animal-rows.ts';
import type { CatalogueIndexKeeper } from './catalogue-index-keeper.ts';
import type { ShopDatabase } from '../db/tables.ts';

/** The filters a list asks for, with the category named by its slug. */
type SlugFilters = Omit<SearchFilters, 'category'> & { category?: string | undefined };

export function createAnimalSearch(
  db: ShopDatabase,
  currentVersion: () => Promise<string>,
  index: CatalogueIndexKeeper,
) {
  /** The categories (in catalogue order) of the version read last: a list's facets name them. */
  let categories: { version: string; read: Promise<FacetCategory[]> } | undefined;

  const categoriesAt = (version: string): Promise<FacetCategory[]> => {
    if (categories?.version !== version) {
      const read = db
        .selectFrom('category')
        .select(['id', 'slug', 'name'])
        .orderBy('position')
        .orderBy('id')
        .execute()
        .then((rows) => rows.map(({ id, slug, name }) => ({ key: id, slug, name })));
      categories = { version, read };
      read.catch(() => categories?.read === read && (categories = undefined));
    }
    return categories.read;
  };

  /** The list `query` asks for, at the catalogue's version now, with its page's animals read. */
  async function list(query: ListQuery, { category, ...filters }: SlugFilters): Promise<AnimalSearchResult> {
    const version = await currentVersion();
    const [catalogue, known] = await Promise.all([index.at(version), categoriesAt(version)]);
    const categoryKey =
      category === undefined ? undefined : (known.find((each) => each.slug === category)?.key ?? null);
    const { ids, ...listed } = listCatalogue(catalogue, query, { ...filters, category: categoryKey }, known);
    return { animals: await animalsInOrder(db, ids), ...listed };
  }

  return {
    searchAnimals: (query: AnimalSearchQuery): Promise<AnimalSearchResult> => {
      const { minPrice, maxPrice, inStock, minRating, category } = query;
      return list(query, { minPrice, maxPrice, inStock, minRating, category });
    },

    /** A category's animals in name order, a page at a time, with their total. */
    categoryPage: async (slug: string, paging: Pick<ListQuery, 'limit' | 'page'>) => {
      const { animals, total } = await list({ search: '', sort: 'name', ...paging }, { category: slug });
      return { animals, total };
    },

    suggest: async (text: string): Promise<Suggestion[]> => {
      const version = await currentVersion();
      const [catalogue, known] = await Promise.all([index.at(version), categoriesAt(version)]);
      return suggestCatalogue(catalogue, text, known);
    },

    /** The animals most like animal `id`, at the catalogue's version now (none when it is not shown). */
    similar: async (id: string): Promise<Animal[]> => {
      const catalogue = await index.at(await currentVersion());
      return animalsInOrder(db, similarAnimals(catalogue, id));
    },

    /** Reads the catalogue index of the current version (at start, before the server listens). */
    readSearchIndex: async (): Promise<void> => {
      await index.at(await currentVersion());
    },
  };
}
