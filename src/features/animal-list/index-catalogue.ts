/**
 * The animals search over the prebuilt index (the list's `index` search, ./list-strategy.ts): the
 * catalogue's animals, one row each (written at build time by src/static-site/routes/search-index.json.ts,
 * fetched by ./index-source.ts), made into the server's catalogue index (src/lib/search/catalogue-index.ts) with
 * the words and base forms the database would store, and answered by the same lists and suggestions
 * (src/lib/search/catalogue-search.ts, src/lib/search/catalogue-suggest.ts) as the API.
 */
import type { AnimalSearch } from '../../lib/api/client.ts';
import type { CatalogueIndex } from '../../lib/search/index.ts';
import { CatalogueIndexBuilder } from '../../lib/search/index.ts';
import { listCatalogue } from '../../lib/search/index.ts';
import { similarAnimals, suggestCatalogue } from '../../lib/search/index.ts';
import { searchText, sortKey } from '../../lib/search/index.ts';
import type { Animal, AnimalSearchQuery, AnimalSearchResult, Suggestion } from '../../lib/schemas.ts';
import { catalogueWords, storedWords } from '../../lib/search/index.ts';
/** One animal in the index file: its fields in a fixed order (no repeated names). */
type IndexRow = [
  id: string,
  slug: string,
  name: string,
  description: string,
  img: string,
  price: number,
  countInStock: number,
  rating: number,
  numReviews: number,
  category: string,
];

/** A category in the index file: slug and name, in catalogue order. */
type IndexCategory = [slug: string, name: string];

/** The index file: the categories (for the filters' counts) and every animal. */
export interface IndexFile {
  categories: IndexCategory[];
  animals: IndexRow[];
}

export function toIndexRow(animal: Animal): IndexRow {
  return [
    animal._id,
    animal.slug,
    animal.name,
    animal.description,
    animal.img,
    animal.price,
    animal.countInStock,
    animal.rating,
    animal.numReviews,
    animal.category,
  ];
}

function fromIndexRow([
  _id,
  slug,
  name,
  description,
  img,
  price,
  countInStock,
  rating,
  numReviews,
  category,
]: IndexRow): Animal {
  return { _id, slug, name, description, img, price, countInStock, rating, numReviews, category };
}

/** How long one slice of the browser's index build runs before it yields (well under a long task's 50 ms on a slow phone). */
const SLICE_MS = 8;

/** Lets the browser run what waits (input, paint) before the next slice. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const formRows = (forms: Map<string, string>) => [...forms].map(([word, base]) => ({ word, base }));

export class IndexCatalogue {
  readonly #animals: ReadonlyMap<string, Animal>;
  readonly #categories: readonly IndexCategory[];
  readonly #index: CatalogueIndex;

  private constructor(
    animals: ReadonlyMap<string, Animal>,
    categories: readonly IndexCategory[],
    index: CatalogueIndex,
  ) {
    this.#animals = animals;
    this.#categories = categories;
    this.#index = index;
  }

  /**
   * The catalogue index of `animals` (a category by its slug, with the columns the database would store),
   * built in slices that yield to the browser between them: a page's first search reads the index while
   * the page is still busy waking up, and no slice is a long task on a slow phone. `categories` in
   * catalogue order: with them, answers carry the API's facets.
   */
  static async build(animals: readonly Animal[], categories: readonly IndexCategory[] = []): Promise<IndexCatalogue> {
    const byId = new Map(animals.map((animal) => [animal._id, animal]));
    const builder = new CatalogueIndexBuilder();
    const forms = new Map<string, string>();
    let sliceStart = performance.now();
    for (const animal of byId.values()) {
      IndexCatalogue.#add(builder, forms, animal);
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTask();
        sliceStart = performance.now();
      }
    }
    const index = await builder.build('static', formRows(forms), nextTask);
    return new IndexCatalogue(byId, categories, index);
  }

  static fromFile(file: IndexFile): Promise<IndexCatalogue> {
    return IndexCatalogue.build(file.animals.map(fromIndexRow), file.categories);
  }

  static #add(builder: CatalogueIndexBuilder, forms: Map<string, string>, animal: Animal): void {
    const { name, description } = animal;
    const stored = storedWords(name, description);
    builder.add({
      id: animal._id,
      name,
      name_key: sortKey(name),
      price: animal.price,
      category_id: animal.category,
      rating: animal.rating,
      count_in_stock: animal.countInStock,
      search_words: stored.all,
      name_words: stored.name,
      search_text: searchText(name, description),
    });
    // The database's `search_word`: the words with a letter (src/server/db/search/animal-words.ts).
    for (const { word, base } of catalogueWords(name, description)) if (/\p{L}/u.test(word)) forms.set(word, base);
  }

  /** A search: the API client's query, or the API's own (the same fields). */
  search(query: AnimalSearch | AnimalSearchQuery): AnimalSearchResult {
    const { minPrice, maxPrice, inStock, minRating, category } = query;
    const categories = this.#categories.map(([slug, name]) => ({ key: slug, slug, name }));
    const { ids, facets, ...listed } = listCatalogue(
      this.#index,
      query,
      { minPrice, maxPrice, inStock, minRating, category },
      categories,
    );
    return {
      animals: ids.map((id) => this.#animals.get(id)!),
      ...listed,
      // Without the categories, the file cannot name the facets.
      ...(categories.length > 0 ? { facets } : {}),
    };
  }

  /** The animals most like animal `id`, as the server's page shows them (a static build's animal pages). */
  similar(id: string): Animal[] {
    return similarAnimals(this.#index, id).map((other) => this.#animals.get(other)!);
  }

  /** The header's suggestions on a static host, as GET /api/animals/suggest gives them. */
  suggest(text: string): Suggestion[] {
    return suggestCatalogue(
      this.#index,
      text,
      this.#categories.map(([slug, name]) => ({ slug, name })),
    );
  }
}
