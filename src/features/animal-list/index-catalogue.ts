/**
 * The animals search over the prebuilt index (the list's `index` search, ./list-strategy.ts): the
 * catalogue's animals, one row each (written at build time by src/static-site/routes/search-index.json.ts,
 * fetched by ./index-source.ts), searched in the browser with the rules of src/lib/search-rules.ts,
 * src/lib/search-words.ts and src/lib/search-corrections.ts — the same folding, words and their forms,
 * corrections, filters, sort keys, totals and paging as the API, from the same functions.
 */
import type { AnimalSearch } from '../../lib/api/client.ts';
import { CatalogueIndexBuilder, type CatalogueIndex } from '../../lib/catalogue-index.ts';
import { MAX_SUGGESTIONS, suggestedAnimals, suggestedCategories } from '../../lib/catalogue-suggest.ts';
import type { AnimalSort } from '../../lib/catalogue-rules.ts';
import { foldHebrew, searchText, sortKey } from '../../lib/hebrew.ts';
import type { Animal, AnimalSearchResult, Suggestion } from '../../lib/schemas.ts';
import { correctSpelling, otherLayout, vocabularyOf, type Vocabulary } from '../../lib/search-corrections.ts';
import { facetsOf, passesFilters, type FilterKeys, type SearchFilters } from '../../lib/search-filters.ts';
import { compareBySort, pageOffset, type SearchKeys } from '../../lib/search-rules.ts';
import { catalogueWords, planSearch, storedWords, wordsOf, type CatalogueWord } from '../../lib/search-words.ts';

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

interface Entry extends SearchKeys, FilterKeys {
  animal: Animal;
  words: CatalogueWord[];
  /** The name's words alone (the database's name_words): what suggestions match. */
  nameWords: CatalogueWord[];
}

/** A search of the index: the API client's query (its filters and `exact` too), answered here instead. */
type IndexQuery = AnimalSearch;

export class IndexCatalogue {
  readonly #entries: Entry[];
  readonly #sorted = new Map<AnimalSort, Entry[]>();
  #vocabulary: Vocabulary | undefined;
  #words: Set<string> | undefined;
  #catalogueIndex: CatalogueIndex | undefined;

  readonly #categories: readonly IndexCategory[];

  /** `categories` in catalogue order: with them, answers carry the API's facets. */
  constructor(animals: readonly Animal[], categories: readonly IndexCategory[] = []) {
    this.#categories = categories;
    // The same keys the database stores for each animal (src/server/db/seed/seed.ts).
    this.#entries = animals.map((animal) => ({
      animal,
      id: animal._id,
      price: animal.price,
      countInStock: animal.countInStock,
      rating: animal.rating,
      category: animal.category,
      name_key: sortKey(animal.name),
      search_text: searchText(animal.name, animal.description),
      // The words the database stores (search_words, search_word: src/server/db/search/animal-words.ts).
      words: catalogueWords(animal.name, animal.description),
      nameWords: catalogueWords(animal.name, ''),
    }));
  }

  /** Every word of the catalogue (the database's `search_word` holds those with a letter: the vocabulary). */
  #counts(): { words: Set<string>; vocabulary: Vocabulary } {
    if (!this.#words || !this.#vocabulary) {
      this.#words = new Set(this.#entries.flatMap((entry) => entry.words.map(({ word }) => word)));
      this.#vocabulary = vocabularyOf(this.#words);
    }
    return { words: this.#words, vocabulary: this.#vocabulary };
  }

  /** The text's matches in the sort's order, found by the server's engine (src/lib/catalogue-index.ts). */
  #matches(search: string, query: IndexQuery): Entry[] {
    // No stored text holds U+0000: the databases answer nothing (src/server/db/search/search-sql.ts matchOf).
    if (search.includes('\u0000')) return [];
    const found = new Set(
      this.#index()
        .matches(search)
        .matches.map((match) => match.id),
    );
    return this.#inOrder(query.sort).filter((entry) => found.has(entry.id));
  }

  /** The catalogue index of these animals, with the words and base forms the database would store. */
  #index(): CatalogueIndex {
    if (!this.#catalogueIndex) {
      const builder = new CatalogueIndexBuilder();
      const forms = new Map<string, string>();
      for (const entry of this.#entries) {
        const { name, description } = entry.animal;
        const stored = storedWords(name, description);
        builder.add({
          id: entry.id,
          name,
          name_key: entry.name_key,
          price: entry.price,
          category_id: entry.category,
          rating: entry.rating,
          count_in_stock: entry.countInStock,
          search_words: stored.all,
          name_words: stored.name,
          search_text: entry.search_text,
        });
        // The database's `search_word`: the words with a letter (src/server/db/search/animal-words.ts).
        for (const { word, base } of entry.words) if (/\p{L}/u.test(word)) forms.set(word, base);
      }
      this.#catalogueIndex = builder.buildNow(
        'static',
        [...forms].map(([word, base]) => ({ word, base })),
      );
    }
    return this.#catalogueIndex;
  }

  static fromFile(file: IndexFile): IndexCatalogue {
    return new IndexCatalogue(file.animals.map(fromIndexRow), file.categories);
  }

  /** The filters as src/lib/search-filters.ts reads them (a category by its slug here). */
  static #filters(query: IndexQuery): SearchFilters {
    const { minPrice, maxPrice, inStock, minRating, category } = query;
    return { minPrice, maxPrice, inStock, minRating, category };
  }

  #inOrder(sort: AnimalSort): Entry[] {
    let sorted = this.#sorted.get(sort);
    if (!sorted) {
      sorted = [...this.#entries].sort(compareBySort(sort));
      this.#sorted.set(sort, sorted);
    }
    return sorted;
  }

  search(query: IndexQuery): AnimalSearchResult {
    const filters = IndexCatalogue.#filters(query);
    const passing = (search: string) => this.#matches(search, query).filter((entry) => passesFilters(entry, filters));
    let matches = passing(query.search);
    let correction: Pick<AnimalSearchResult, 'correctedQuery' | 'correction'> = {};
    // Nothing found: the other keyboard layout, then spelling (src/server/db/search/animal-search.ts does the same).
    if (matches.length === 0 && foldHebrew(query.search) && !query.search.includes('\u0000') && !query.exact) {
      const layout = otherLayout(query.search);
      const byLayout = layout === undefined ? [] : passing(layout);
      if (byLayout.length > 0) {
        matches = byLayout;
        correction = { correctedQuery: layout, correction: 'layout' };
      } else {
        const spelled = correctSpelling(query.search, this.#counts().vocabulary);
        const bySpelling = spelled === undefined ? [] : passing(spelled);
        if (bySpelling.length > 0) {
          matches = bySpelling;
          correction = { correctedQuery: spelled, correction: 'spelling' };
        }
      }
    }
    const offset = pageOffset(query);
    const page = query.limit === undefined ? matches.slice(offset) : matches.slice(offset, offset + query.limit);
    const categories = this.#categories.map(([slug, name]) => ({ key: slug, slug, name }));
    const facets =
      categories.length > 0
        ? {
            facets: facetsOf(this.#matches(correction.correctedQuery ?? query.search, query), filters, categories)
              .facets,
          }
        : {};
    return { animals: page.map((entry) => entry.animal), total: matches.length, ...correction, ...facets };
  }

  /**
   * The header's suggestions on a static host, as GET /api/animals/suggest gives them
   * (src/server/db/search/animal-suggest.ts): names that start with the text, then names with a word that
   * matches it, then categories; at most 8; nothing found: the other layout, then spelling.
   */
  suggest(text: string): Suggestion[] {
    if (wordsOf(text).length === 0 || text.includes('\u0000')) return [];
    const typed = this.#suggestFor(text);
    if (typed.length > 0) return typed;
    const layout = otherLayout(text);
    const converted = layout === undefined ? [] : this.#suggestFor(layout);
    if (converted.length > 0) return converted;
    const spelled = correctSpelling(text, this.#counts().vocabulary);
    return spelled === undefined ? [] : this.#suggestFor(spelled);
  }

  #suggestFor(text: string): Suggestion[] {
    const index = this.#index();
    const plan = planSearch(text, (word) => index.isCatalogueWord(word));
    const categories = this.#categories.map(([slug, name]) => ({ slug, name }));
    return [...suggestedAnimals(index, text, plan), ...suggestedCategories(plan, categories)].slice(0, MAX_SUGGESTIONS);
  }
}
