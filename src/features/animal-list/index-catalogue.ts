/**
 * The animals search over the prebuilt index (the list's `index` search, ./list-strategy.ts): the
 * catalogue's animals, one row each (written at build time by src/static-site/routes/search-index.json.ts,
 * fetched by ./index-source.ts), made into the server's catalogue index (src/lib/catalogue-index.ts) with
 * the words and base forms the database would store, and answered by the same lists and suggestions
 * (src/lib/catalogue-search.ts, src/lib/catalogue-suggest.ts) as the API.
 */
import type { AnimalSearch } from '../../lib/api/client.ts';
import type { CatalogueIndex } from '../../lib/catalogue-index.ts';
import { CatalogueIndexBuilder } from '../../lib/catalogue-index-builder.ts';
import { listCatalogue } from '../../lib/catalogue-search.ts';
import { suggestCatalogue } from '../../lib/catalogue-suggest.ts';
import { searchText, sortKey } from '../../lib/hebrew.ts';
import type { Animal, AnimalSearchQuery, AnimalSearchResult, Suggestion } from '../../lib/schemas.ts';
import { catalogueWords, storedWords } from '../../lib/search-words.ts';
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
  readonly #animals = new Map<string, Animal>();
  readonly #categories: readonly IndexCategory[];
  #index: CatalogueIndex | undefined;

  /** `categories` in catalogue order: with them, answers carry the API's facets. */
  constructor(animals: readonly Animal[], categories: readonly IndexCategory[] = []) {
    this.#categories = categories;
    for (const animal of animals) this.#animals.set(animal._id, animal);
  }

  static fromFile(file: IndexFile): IndexCatalogue {
    return new IndexCatalogue(file.animals.map(fromIndexRow), file.categories);
  }

  /**
   * Builds the catalogue index in slices, yielding to the browser between them (a page's first search
   * reads the index while the page is still busy waking up): no slice is a long task on a slow phone.
   */
  async prepare(): Promise<void> {
    if (this.#index) return;
    const builder = new CatalogueIndexBuilder();
    const forms = new Map<string, string>();
    let sliceStart = performance.now();
    for (const animal of this.#animals.values()) {
      this.#add(builder, forms, animal);
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTask();
        sliceStart = performance.now();
      }
    }
    const index = await builder.build('static', formRows(forms), nextTask);
    this.#index ??= index;
  }

  /** The catalogue index of these animals (a category by its slug), with the columns the database would store. */
  #catalogue(): CatalogueIndex {
    if (!this.#index) {
      const builder = new CatalogueIndexBuilder();
      const forms = new Map<string, string>();
      for (const animal of this.#animals.values()) this.#add(builder, forms, animal);
      this.#index = builder.buildNow('static', formRows(forms));
    }
    return this.#index;
  }

  #add(builder: CatalogueIndexBuilder, forms: Map<string, string>, animal: Animal): void {
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
      this.#catalogue(),
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

  /** The header's suggestions on a static host, as GET /api/animals/suggest gives them. */
  suggest(text: string): Suggestion[] {
    return suggestCatalogue(
      this.#catalogue(),
      text,
      this.#categories.map(([slug, name]) => ({ slug, name })),
    );
  }
}
