/**
 * The animals list's answers seen on this page, page by page per search, so that Back and
 * Forward (and a search typed again) show them without a request.
 */
import { DEFAULT_PAGE_SIZE, type PageWindow } from '../../lib/paging.ts';
import type { ListedAnimal, ListResult } from './listed-animal.ts';
import { searchKey, type SearchState } from '../../lib/list-state.ts';

interface SeenSearch {
  total: number;
  /** What the answer says besides its animals (a correction, the facets). */
  about: Omit<ListResult, 'animals' | 'total'>;
  pages: Map<number, ListedAnimal[]>;
}

export class SearchCache {
  readonly #searches = new Map<string, SeenSearch>();

  /** Keeps the answer for the pages of `pages` (cut into pages of the list's size). */
  remember(state: SearchState, pages: PageWindow, result: ListResult): void {
    const key = searchKey(state);
    const seen = this.#searches.get(key);
    // Another total means the catalogue changed: what was seen of it no longer lines up.
    const { animals: _animals, total, ...about } = result;
    const search = seen && seen.total === total ? seen : { total, about, pages: new Map<number, ListedAnimal[]>() };
    this.#searches.set(key, search);
    for (let page = pages.from; page <= pages.to; page += 1) {
      const start = (page - pages.from) * DEFAULT_PAGE_SIZE;
      search.pages.set(page, result.animals.slice(start, start + DEFAULT_PAGE_SIZE));
    }
  }

  /** The answer for the pages of `pages`, when every one of them was seen. */
  recall(state: SearchState, pages: PageWindow): ListResult | undefined {
    const search = this.#searches.get(searchKey(state));
    if (!search) return undefined;
    const animals: ListedAnimal[] = [];
    for (let page = pages.from; page <= pages.to; page += 1) {
      const seen = search.pages.get(page);
      if (!seen) return undefined;
      animals.push(...seen);
    }
    return { ...search.about, animals, total: search.total };
  }
}
