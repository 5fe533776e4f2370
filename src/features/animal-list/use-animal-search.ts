/**
 * The animals list's behaviour, apart from the view (AnimalSearch.tsx): the search in the URL and
 * in history. Its state is ./search-reducer.ts, its requests ./use-search-requests.ts.
 * - The island starts from the search and pages in the URL: the page was rendered for them (the
 *   Node server), or for the plain list (a static host), which then stands in until the URL's are
 *   loaded (./list-stand-in.ts);
 * - typing waits SEARCH_DEBOUNCE_MS after the last keystroke, then pushes a history entry and
 *   searches; Enter and a new sort search at once; every new search starts at page 1;
 * - 'טען עוד' appends the next page and replaces the URL (`page`, `from`) without a new entry;
 * - Back and Forward (popstate) restore the search and pages in the URL, from the cache when
 *   they were seen before on this page.
 * The text is mirrored in $searchText, which the header's search field shows too.
 */
import { useStore } from '@nanostores/react';
import { startTransition, useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { FIRST_PAGE } from '../../lib/paging.ts';
import type { AnimalSort } from '../../lib/schemas.ts';
import type { ListResult } from './listed-animal.ts';
import type { SearchSource } from './list-strategy.ts';
import { endStandIn } from './list-stand-in.ts';
import { initialView, searchReducer } from './search-reducer.ts';
import { $searchText } from './search-store.ts';
import {
  SEARCH_DEBOUNCE_MS,
  listHref,
  normalizeQuery,
  parseListState,
  sameSearch,
  type ListFilters,
  type ListState,
  type SearchState,
} from '../../lib/list-state.ts';
import { useSearchRequests } from './use-search-requests.ts';

export interface AnimalSearchProps {
  /** The search and pages the page was rendered for. */
  initial: ListState;
  /** Their animals as the cards show them (./listed-animal.ts), when the page has them. */
  initialResult?: ListResult | undefined;
  /** The server's error text, when its search failed ('' → the error box's fallback). */
  initialError?: string | undefined;
  /** Where the searches go (./list-strategy.ts). */
  source: SearchSource;
}

function currentHref(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function useAnimalSearch({ initial, initialResult, initialError, source }: AnimalSearchProps) {
  const [view, dispatch] = useReducer(searchReducer, undefined, () =>
    initialView(initial, initialResult, initialError),
  );
  const { load, loadMore: appendNextPage } = useSearchRequests(source, dispatch, initial, initialResult);
  /** The search last asked for (typing the same text again does not search again). */
  const requested = useRef<SearchState>(initial.search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The form's text, sort and filters as set, for the debounce's callback and the header's field. */
  const latest = useRef<{ text: string; sort: AnimalSort; filters: ListFilters }>({
    text: initial.search.query,
    sort: initial.search.sort,
    filters: initial.search.filters ?? {},
  });
  /** The search the form describes now (a new one starts without `exact`). */
  const formSearch = (): SearchState => ({
    query: normalizeQuery(latest.current.text),
    sort: latest.current.sort,
    filters: latest.current.filters,
  });
  const shown = useRef(view.shown);
  shown.current = view.shown;

  const show = useCallback(
    (list: ListState) => {
      requested.current = list.search;
      load(list.search, list.window);
    },
    [load],
  );

  /** The form shows `list` from the URL, and the list loads it. */
  const restore = useCallback(
    (list: ListState, { standIn = false } = {}) => {
      clearTimeout(timer.current);
      latest.current = { text: list.search.query, sort: list.search.sort, filters: list.search.filters ?? {} };
      dispatch({ type: 'restored', search: list.search, standIn });
      show(list);
    },
    [show],
  );

  /** Makes `search` the current one at its first page: a new history entry, then load. */
  const commit = useCallback(
    (search: SearchState, { force = false } = {}) => {
      clearTimeout(timer.current);
      if (!force && sameSearch(search, requested.current)) return;
      const href = listHref(search, FIRST_PAGE, window.location.pathname);
      if (href !== currentHref()) window.history.pushState({ search }, '', href);
      show({ search, window: FIRST_PAGE });
    },
    [show],
  );

  const changeText = useCallback(
    (value: string) => {
      latest.current.text = value;
      dispatch({ type: 'typed', text: value });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => commit(formSearch()), SEARCH_DEBOUNCE_MS);
    },

    [commit],
  );

  /**
   * New filters: a checkbox or a select applies at once; a typed price after the search's pause.
   * Either way the list starts again at page 1.
   */
  const changeFilters = useCallback(
    (filters: ListFilters, { typed = false } = {}) => {
      latest.current.filters = filters;
      dispatch({ type: 'filtered', filters });
      clearTimeout(timer.current);
      if (typed) timer.current = setTimeout(() => commit(formSearch()), SEARCH_DEBOUNCE_MS);
      else commit(formSearch());
    },

    [commit],
  );

  const changeSort = useCallback(
    (next: AnimalSort) => {
      latest.current.sort = next;
      dispatch({ type: 'sorted', sort: next });
      commit(formSearch());
    },

    [commit],
  );

  /** Enter in the search box: searches at once, even for the same text. */
  const submit = useCallback(() => {
    commit(formSearch(), { force: true });
  }, [commit]);

  const loadMore = useCallback(() => appendNextPage(shown.current), [appendNextPage]);

  // After 'טען עוד', the URL names the pages shown (no new history entry).
  useEffect(() => {
    const list = shown.current;
    if (view.appended && list)
      window.history.replaceState(
        window.history.state,
        '',
        listHref(list.search, list.window, window.location.pathname),
      );
  }, [view.appended]);

  // Once the island has read the URL, its own state says how the list shows (busy, or the URL's answer):
  // the page's stand-in mark goes before that state's first paint, once.
  const started = useRef(false);
  const standInEnded = useRef(false);
  useLayoutEffect(() => {
    if (!started.current || standInEnded.current) return;
    standInEnded.current = true;
    endStandIn();
  });

  useEffect(() => {
    // The URL says exactly what is shown (no unknown sort, no stray spaces, no malformed page).
    const start = parseListState(window.location.search);
    const href = listHref(start.search, start.window, window.location.pathname);
    if (href !== currentHref()) window.history.replaceState(window.history.state, '', `${href}${window.location.hash}`);
    started.current = true;
    if (href !== listHref(initial.search, initial.window, window.location.pathname)) {
      // A transition: the island has just hydrated in this task, and showing the URL's search draws it again.
      startTransition(() => restore(start, { standIn: view.shown !== null }));
    } else {
      endStandIn();
      if (!initialResult && initialError === undefined) show(initial);
    }

    const onPopState = () => {
      const list = parseListState(window.location.search);
      restore(list);
      $searchText.set(list.search.query);
    };
    window.addEventListener('popstate', onPopState);

    // The header's search field and this box show the same text.
    $searchText.set(latest.current.text);

    return () => {
      window.removeEventListener('popstate', onPopState);
      clearTimeout(timer.current);
    };
    // Runs once: `initial…` are the page's props, the callbacks are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A text set in the shared store elsewhere is typed here too. The store is read again in the effect:
  // on the first render it still held '' (the effect above fills it with the URL's text).
  const sharedText = useStore($searchText);
  useEffect(() => {
    const text = $searchText.get();
    if (text !== latest.current.text) changeText(text);
  }, [sharedText, changeText]);

  return {
    text: view.text,
    sort: view.sort,
    filters: view.filters,
    /** The search the form describes now, whether or not its answer has come: what the form's links keep. */
    asked: { query: normalizeQuery(view.text), sort: view.sort, filters: view.filters } satisfies SearchState,
    shown: view.shown,
    busy: view.pending !== null,
    loadingMore: view.loadingMore,
    moreError: view.moreError,
    appended: view.appended,
    replacements: view.replacements,
    changeText,
    changeSort,
    changeFilters,
    submit,
    loadMore,
  };
}
