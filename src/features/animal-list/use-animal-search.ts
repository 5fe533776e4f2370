/**
 * The animals list's state and its requests, apart from the view (AnimalSearch.tsx). It starts
 * from the search and pages the server rendered and fetches only what changes:
 * - typing waits SEARCH_DEBOUNCE_MS after the last keystroke, then pushes a history entry and
 *   searches; Enter and a new sort search at once; every new search starts at page 1;
 * - 'טען עוד' appends the next page and replaces the URL (`page`, `from`) without a new entry;
 * - Back and Forward (popstate) restore the search and pages in the URL, from the cache when
 *   they were seen before on this page;
 * - a newer search aborts older requests, so an old answer never replaces a newer one.
 * The text is mirrored in $searchText, which the header's search field shows too.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { searchAnimals } from './search-source.ts';
import { isAbort, otherError } from '../../lib/api/errors.ts';
import { MAX_PAGE_SIZE } from '../../lib/catalogue-rules.ts';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, loadPageWindow, pagerModel, type PageWindow } from '../../lib/paging.ts';
import type { AnimalSearchResult, AnimalSort } from '../../lib/schemas.ts';
import { SearchCache } from './search-cache.ts';
import { $searchText } from './search-store.ts';
import {
  SEARCH_DEBOUNCE_MS,
  listHref,
  normalizeQuery,
  parseListState,
  sameSearch,
  type ListState,
  type SearchState,
} from '../../lib/list-state.ts';

export type Shown = ListState & ({ result: AnimalSearchResult } | { error: string });

export interface AnimalSearchProps {
  /** The search and pages in the URL the server rendered. */
  initial: ListState;
  /** The server's answer for them, when it has one. */
  initialResult?: AnimalSearchResult | undefined;
  /** The server's error text, when its search failed ('' → the error box's fallback). */
  initialError?: string | undefined;
  /** A static build: the page was built without the URL's search, so the island reads it from the URL. */
  readUrl?: boolean | undefined;
}

function currentHref(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function useAnimalSearch({ initial, initialResult, initialError, readUrl = false }: AnimalSearchProps) {
  const [text, setText] = useState(initial.search.query);
  const [sort, setSort] = useState<AnimalSort>(initial.search.sort);
  const [shown, setShown] = useState<Shown | null>(() =>
    initialResult
      ? { ...initial, result: initialResult }
      : initialError !== undefined
        ? { ...initial, error: initialError }
        : null,
  );
  const [pending, setPending] = useState<ListState | null>(() =>
    initialResult || initialError !== undefined ? null : initial,
  );
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  /** The page whose first card takes focus after 'טען עוד' (a new object each time). */
  const [appended, setAppended] = useState<{ page: number } | null>(null);

  const cache = useRef<SearchCache | null>(null);
  if (!cache.current) {
    cache.current = new SearchCache();
    if (initialResult) cache.current.remember(initial.search, initial.window, initialResult);
  }
  const requested = useRef<SearchState>(initial.search);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ text: initial.search.query, sort: initial.search.sort });
  const shownRef = useRef(shown);
  shownRef.current = shown;

  /** Shows `state` at `pages`: from the cache, or by fetching it (aborting any older request). */
  const load = useCallback((state: SearchState, pages: PageWindow) => {
    requested.current = state;
    request.current?.abort();
    request.current = null;
    setLoadingMore(false);
    setMoreError(null);
    const known = cache.current?.recall(state, pages);
    if (known) {
      setShown({ search: state, window: pages, result: known });
      setPending(null);
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    setPending({ search: state, window: pages });
    loadPageWindow(
      pages,
      (paging) => searchAnimals({ search: state.query, sort: state.sort, ...paging }, { signal: controller.signal }),
      { maxLimit: MAX_PAGE_SIZE },
    ).then(
      (result) => {
        cache.current?.remember(state, pages, result);
        if (request.current !== controller) return;
        request.current = null;
        setShown({ search: state, window: pages, result });
        setPending(null);
      },
      (error: unknown) => {
        if (isAbort(error) || request.current !== controller) return;
        request.current = null;
        setShown({ search: state, window: pages, error: otherError(error).message });
        setPending(null);
      },
    );
  }, []);

  /** Makes `state` the current search at its first page: a new history entry, then load. */
  const commit = useCallback(
    (state: SearchState, { force = false } = {}) => {
      clearTimeout(timer.current);
      if (!force && sameSearch(state, requested.current)) return;
      const href = listHref(state, FIRST_PAGE, window.location.pathname);
      if (href !== currentHref()) window.history.pushState({ search: state }, '', href);
      load(state, FIRST_PAGE);
    },
    [load],
  );

  const changeText = useCallback(
    (value: string) => {
      latest.current.text = value;
      setText(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => commit({ query: normalizeQuery(value), sort: latest.current.sort }),
        SEARCH_DEBOUNCE_MS,
      );
    },
    [commit],
  );

  const changeSort = useCallback(
    (next: AnimalSort) => {
      latest.current.sort = next;
      setSort(next);
      commit({ query: normalizeQuery(latest.current.text), sort: next });
    },
    [commit],
  );

  /** Enter in the search box: searches at once, even for the same text. */
  const submit = useCallback(() => {
    commit({ query: normalizeQuery(latest.current.text), sort: latest.current.sort }, { force: true });
  }, [commit]);

  /** 'טען עוד': appends the next page and writes it into the URL without a new history entry. */
  const loadMore = useCallback(() => {
    const current = shownRef.current;
    if (!current || !('result' in current) || request.current) return;
    const more = pagerModel(current.window, current.result.animals.length, current.result.total).more;
    if (!more) return;
    const { search } = current;
    const controller = new AbortController();
    request.current = controller;
    setLoadingMore(true);
    setMoreError(null);
    searchAnimals(
      { search: search.query, sort: search.sort, limit: DEFAULT_PAGE_SIZE, page: more.to },
      { signal: controller.signal },
    ).then(
      (page) => {
        if (request.current !== controller) return;
        request.current = null;
        const known = new Set(current.result.animals.map((animal) => animal._id));
        const result = {
          animals: [...current.result.animals, ...page.animals.filter((animal) => !known.has(animal._id))],
          total: page.total,
        };
        cache.current?.remember(search, more, result);
        setShown({ search, window: more, result });
        setLoadingMore(false);
        setAppended({ page: more.to });
        window.history.replaceState(window.history.state, '', listHref(search, more, window.location.pathname));
      },
      (error: unknown) => {
        if (isAbort(error) || request.current !== controller) return;
        request.current = null;
        setLoadingMore(false);
        setMoreError(otherError(error).message);
      },
    );
  }, []);

  useEffect(() => {
    // The URL says exactly what is shown (no unknown sort, no stray spaces, no malformed page).
    const start = readUrl ? parseListState(window.location.search) : initial;
    const href = listHref(start.search, start.window, window.location.pathname);
    if (href !== currentHref()) window.history.replaceState(window.history.state, '', `${href}${window.location.hash}`);
    if (start !== initial && href !== listHref(initial.search, initial.window, window.location.pathname)) {
      latest.current = { text: start.search.query, sort: start.search.sort };
      setText(start.search.query);
      setSort(start.search.sort);
      load(start.search, start.window);
    } else if (!initialResult && initialError === undefined) load(initial.search, initial.window);

    const onPopState = () => {
      const state = parseListState(window.location.search);
      clearTimeout(timer.current);
      latest.current = { text: state.search.query, sort: state.search.sort };
      setText(state.search.query);
      setSort(state.search.sort);
      $searchText.set(state.search.query);
      load(state.search, state.window);
    };
    window.addEventListener('popstate', onPopState);

    // The header's search field and this box show the same text.
    $searchText.set(latest.current.text);
    const stopListening = $searchText.listen((value) => {
      if (value !== latest.current.text) changeText(value);
    });

    return () => {
      window.removeEventListener('popstate', onPopState);
      stopListening();
      clearTimeout(timer.current);
      request.current?.abort();
    };
    // Runs once: `initial…` are the server's props, the callbacks are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    text,
    sort,
    shown,
    busy: pending !== null,
    loadingMore,
    moreError,
    appended,
    changeText,
    changeSort,
    submit,
    loadMore,
  };
}
