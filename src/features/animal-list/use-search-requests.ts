/**
 * The animals list's requests (use-animal-search.ts): one at a time, a newer one aborting the older
 * (so an old answer never replaces a newer one), answers remembered per page (./search-cache.ts)
 * so Back, Forward and a search typed again show them without a request. Each outcome is an event
 * of ./search-reducer.ts.
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, type Dispatch } from 'react';
import { isAbort, otherError } from '../../lib/api/errors.ts';
import { MAX_PAGE_SIZE } from '../../lib/catalogue-rules.ts';
import { DEFAULT_PAGE_SIZE, loadPageWindow, pagerModel, type PageWindow } from '../../lib/paging.ts';
import type { ListResult } from './listed-animal.ts';
import type { SearchSource } from './list-strategy.ts';
import { SearchCache } from './search-cache.ts';
import type { SearchEvent, Shown } from './search-reducer.ts';
import { searchFunction } from './search-sources.ts';
import { searchQueryOf, type ListState, type SearchState } from '../../lib/list-state.ts';

export function useSearchRequests(
  source: SearchSource,
  dispatch: Dispatch<SearchEvent>,
  initial: ListState,
  initialResult: ListResult | undefined,
) {
  const searchAnimals = useMemo(() => searchFunction(source), [source]);
  const cache = useRef<SearchCache | null>(null);
  if (!cache.current) {
    cache.current = new SearchCache();
    if (initialResult) cache.current.remember(initial.search, initial.window, initialResult);
  }
  const request = useRef<AbortController | null>(null);

  /** Shows `search` at `pages`: from the cache, or by fetching it (aborting any older request). */
  const load = useCallback(
    (search: SearchState, pages: PageWindow) => {
      request.current?.abort();
      request.current = null;
      const known = cache.current?.recall(search, pages);
      if (known) {
        dispatch({ type: 'answered', shown: { search, window: pages, result: known } });
        return;
      }
      const controller = new AbortController();
      request.current = controller;
      dispatch({ type: 'loading', list: { search, window: pages } });
      loadPageWindow(
        pages,
        (paging) => searchAnimals({ ...searchQueryOf(search), ...paging }, { signal: controller.signal }),
        { maxLimit: MAX_PAGE_SIZE },
      ).then(
        (result) => {
          cache.current?.remember(search, pages, result);
          if (request.current !== controller) return;
          request.current = null;
          // Drawn as a transition: React renders the new cards in slices, input goes first.
          startTransition(() => dispatch({ type: 'answered', shown: { search, window: pages, result } }));
        },
        (error: unknown) => {
          if (isAbort(error) || request.current !== controller) return;
          request.current = null;
          dispatch({ type: 'answered', shown: { search, window: pages, error: otherError(error).message } });
        },
      );
    },
    [dispatch, searchAnimals],
  );

  /** 'טען עוד': appends the page after `current`'s to it (nothing while another request runs). */
  const loadMore = useCallback(
    (current: Shown | null) => {
      if (!current || !('result' in current) || request.current) return;
      const more = pagerModel(current.window, current.result.animals.length, current.result.total).more;
      if (!more) return;
      const { search } = current;
      const controller = new AbortController();
      request.current = controller;
      dispatch({ type: 'loadingMore' });
      searchAnimals(
        { ...searchQueryOf(search), limit: DEFAULT_PAGE_SIZE, page: more.to },
        { signal: controller.signal },
      ).then(
        (page) => {
          if (request.current !== controller) return;
          request.current = null;
          const known = new Set(current.result.animals.map((animal) => animal._id));
          const result = {
            ...page,
            animals: [...current.result.animals, ...page.animals.filter((animal) => !known.has(animal._id))],
          };
          cache.current?.remember(search, more, result);
          dispatch({ type: 'appended', shown: { search, window: more, result }, page: more.to });
        },
        (error: unknown) => {
          if (isAbort(error) || request.current !== controller) return;
          request.current = null;
          dispatch({ type: 'moreFailed', error: otherError(error).message });
        },
      );
    },
    [dispatch, searchAnimals],
  );

  // Leaving the page: no answer arrives after it.
  useEffect(() => () => request.current?.abort(), []);

  return { load, loadMore };
}
