/**
 * The animals search over the index pieces (the list's `index` search, ./list-strategy.ts): the static
 * build writes them (src/static-site/search-pieces.server.ts), ./index-source.ts fetches them as
 * searches need them, and the same lists and suggestions as the API's (src/lib/search/catalogue-search.ts,
 * catalogue-suggest.ts) run over the pieces fetched so far (src/lib/search/pieces/pieced-catalogue.ts).
 */
import type { AnimalSearch } from '../../lib/api/client.ts';
import { listCatalogue, suggestCatalogue } from '../../lib/search/index.ts';
import {
  buildIndexPieces,
  PiecedCatalogue,
  PieceStore,
  type IndexManifest,
  type LoadPiece,
  type PieceSizes,
} from '../../lib/search/pieces/index.ts';
import type { Animal, AnimalSearchQuery, AnimalSearchResult, Suggestion } from '../../lib/schemas.ts';

export class IndexCatalogue {
  readonly #catalogue: PiecedCatalogue;
  readonly #categories: readonly [slug: string, name: string][];

  private constructor(manifest: IndexManifest, load: LoadPiece) {
    this.#catalogue = new PiecedCatalogue(new PieceStore(manifest, load));
    this.#categories = manifest.categories;
  }

  /** The index whose manifest is `manifest`, its pieces fetched by `load` when a search needs them. */
  static open(manifest: IndexManifest, load: LoadPiece): IndexCatalogue {
    return new IndexCatalogue(manifest, load);
  }

  /**
   * The index of `animals` as the static build writes it, its pieces read from memory: `categories` in
   * catalogue order (with them, answers carry the API's facets). `read` is told each piece read.
   */
  static build(
    animals: readonly Animal[],
    categories: readonly [slug: string, name: string][] = [],
    sizes?: PieceSizes,
    read?: (name: string) => void,
  ): IndexCatalogue {
    const { manifest, pieces } = buildIndexPieces(animals, categories, sizes);
    return new IndexCatalogue(manifest, async (name) => {
      const bytes = pieces.get(name);
      if (!bytes) throw new Error(`no index piece ${name}`);
      read?.(name);
      return bytes;
    });
  }

  /** A search: the API client's query, or the API's own (the same fields). */
  async search(query: AnimalSearch | AnimalSearchQuery, signal?: AbortSignal): Promise<AnimalSearchResult> {
    const { minPrice, maxPrice, inStock, minRating, category } = query;
    const categories = this.#categories.map(([slug, name]) => ({ key: slug, slug, name }));
    const catalogue = this.#catalogue;
    const { ids, facets, ...listed } = await catalogue.store.answer(
      () => listCatalogue(catalogue, query, { minPrice, maxPrice, inStock, minRating, category }, categories),
      signal,
    );
    const animals = await catalogue.store.answer(
      () => ids.map((id) => catalogue.record(PiecedCatalogue.placeOf(id))!),
      signal,
    );
    // Without the categories, the index cannot name the facets.
    return { animals, ...listed, ...(categories.length > 0 ? { facets } : {}) };
  }

  /** The animals of `ids` the build holds, in the order asked (a favourites list): an unknown id is left out. */
  animals(ids: readonly string[], signal?: AbortSignal): Promise<Animal[]> {
    const catalogue = this.#catalogue;
    return catalogue.store.answer(() => {
      const places = ids.map((id) => catalogue.placeOfId(id));
      catalogue.store.settle();
      return places.flatMap((place) => (place === undefined || place < 0 ? [] : (catalogue.record(place) ?? [])));
    }, signal);
  }

  /** The header's suggestions on a static host, as GET /api/animals/suggest gives them. */
  suggest(text: string, signal?: AbortSignal): Promise<Suggestion[]> {
    const categories = this.#categories.map(([slug, name]) => ({ slug, name }));
    return this.#catalogue.store.answer(() => suggestCatalogue(this.#catalogue, text, categories), signal);
  }
}
