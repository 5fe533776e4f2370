/**
 * The animals list (/products) as an island: search box and sort select, kept in the
 * URL (`query`, `sort`), and the results grid. It starts from the search the server
 * rendered and fetches only what changes:
 * - typing waits SEARCH_DEBOUNCE_MS after the last keystroke, then pushes a history
 *   entry and searches; Enter and a new sort search at once;
 * - Back and Forward (popstate) restore the search in the URL, from the cache when it
 *   was seen before on this page;
 * - a newer search aborts the older request, so an old answer never replaces a newer one;
 * - while a search loads, the previous results stay (dimmed, aria-busy); with none to
 *   keep, 10 skeleton cards show; a failure shows the error box.
 * The text is mirrored in $searchText, which the header's search field shows too.
 */
import { AnimatePresence } from 'motion/react';
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { searchAnimals } from '../../lib/api/client.ts';
import { isAbort, otherError } from '../../lib/api/errors.ts';
import type { AnimalSearchResult, AnimalSort } from '../../lib/schemas.ts';
import ErrorBox from '../layout/ErrorBox.tsx';
import AnimalCard, { ANIMAL_GRID } from './AnimalCard.tsx';
import AnimalCardSkeletonGrid from './AnimalCardSkeleton.tsx';
import PresenceItem from './PresenceItem.tsx';
import { $searchText } from './search-store.ts';
import {
  MAX_SEARCH_LENGTH,
  SEARCH_DEBOUNCE_MS,
  SKELETON_COUNT,
  normalizeQuery,
  parseSearchState,
  sameSearch,
  searchHref,
  searchKey,
  isSort,
  type SearchState,
} from './search-state.ts';
import { animalStrings as t } from './strings.ts';

interface Props {
  /** The search in the URL the server rendered. */
  initial: SearchState;
  /** The server's answer for it, when it has one. */
  initialResult?: AnimalSearchResult | undefined;
  /** The server's error text, when its search failed ('' → the error box's fallback). */
  initialError?: string | undefined;
}

type Shown = { state: SearchState; result: AnimalSearchResult } | { state: SearchState; error: string };

const FIELD =
  'w-full rounded-xl border border-slate-400 bg-white px-4 py-2.5 text-slate-900 placeholder:text-slate-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus-visible:outline-brand-100';

function currentHref(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export default function AnimalSearch({ initial, initialResult, initialError }: Props) {
  const [text, setText] = useState(initial.query);
  const [sort, setSort] = useState<AnimalSort>(initial.sort);
  const [shown, setShown] = useState<Shown | null>(() =>
    initialResult
      ? { state: initial, result: initialResult }
      : initialError !== undefined
        ? { state: initial, error: initialError }
        : null,
  );
  const [pending, setPending] = useState<SearchState | null>(() => (initialResult || initialError !== undefined ? null : initial));

  const cache = useRef<Map<string, AnimalSearchResult> | null>(null);
  cache.current ??= new Map(initialResult ? [[searchKey(initial), initialResult]] : []);
  const requested = useRef<SearchState>(initial);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ text: initial.query, sort: initial.sort });
  /** False during the first render: cards already on the page do not animate in. */
  const hydrated = useRef(false);
  const root = useRef<HTMLDivElement>(null);

  /** Shows `state`: from the cache, or by fetching it (aborting any older request). */
  const load = useCallback((state: SearchState) => {
    requested.current = state;
    request.current?.abort();
    request.current = null;
    const known = cache.current?.get(searchKey(state));
    if (known) {
      setShown({ state, result: known });
      setPending(null);
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    setPending(state);
    searchAnimals({ search: state.query, sort: state.sort }, { signal: controller.signal }).then(
      (result) => {
        cache.current?.set(searchKey(state), result);
        if (request.current !== controller) return;
        request.current = null;
        setShown({ state, result });
        setPending(null);
      },
      (error: unknown) => {
        if (isAbort(error) || request.current !== controller) return;
        request.current = null;
        setShown({ state, error: otherError(error).message });
        setPending(null);
      },
    );
  }, []);

  /** Makes `state` the current search: a new history entry (unless told otherwise), then load. */
  const commit = useCallback(
    (state: SearchState, { force = false } = {}) => {
      clearTimeout(timer.current);
      if (!force && sameSearch(state, requested.current)) return;
      const href = searchHref(state, window.location.pathname);
      if (href !== currentHref()) window.history.pushState({ search: state }, '', href);
      load(state);
    },
    [load],
  );

  const schedule = useCallback(
    (value: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => commit({ query: normalizeQuery(value), sort: latest.current.sort }),
        SEARCH_DEBOUNCE_MS,
      );
    },
    [commit],
  );

  const changeText = useCallback(
    (value: string) => {
      latest.current.text = value;
      setText(value);
      schedule(value);
    },
    [schedule],
  );

  useEffect(() => {
    hydrated.current = true;
    // The URL says exactly what is shown (no unknown sort, no stray spaces).
    const href = searchHref(initial, window.location.pathname);
    if (href !== currentHref()) window.history.replaceState(window.history.state, '', `${href}${window.location.hash}`);
    if (!initialResult && initialError === undefined) load(initial);

    const onPopState = () => {
      const state = parseSearchState(window.location.search);
      clearTimeout(timer.current);
      latest.current = { text: state.query, sort: state.sort };
      setText(state.query);
      setSort(state.sort);
      $searchText.set(state.query);
      load(state);
    };
    window.addEventListener('popstate', onPopState);

    // The header's search field and this box show the same text.
    $searchText.set(latest.current.text);
    const stopListening = $searchText.listen((value) => {
      if (value !== latest.current.text) changeText(value);
    });

    // Tells tests (and anyone curious) that the island is live.
    root.current?.setAttribute('data-ready', 'true');

    return () => {
      window.removeEventListener('popstate', onPopState);
      stopListening();
      clearTimeout(timer.current);
      request.current?.abort();
    };
    // Runs once: `initial…` are the server's props, the callbacks are stable.
  }, []);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    commit({ query: normalizeQuery(latest.current.text), sort: latest.current.sort }, { force: true });
  };

  const busy = pending !== null;
  const results = shown && 'result' in shown ? shown.result : undefined;
  const keep = results !== undefined && results.animals.length > 0;

  let status: string;
  if (busy) status = t.loading;
  else if (results) status = t.count(results.total);
  else status = '';

  let content;
  if (busy && !keep) {
    content = <AnimalCardSkeletonGrid count={SKELETON_COUNT} />;
  } else if (shown && 'error' in shown) {
    content = <ErrorBox message={shown.error} />;
  } else if (results && results.animals.length === 0) {
    content = (
      <div className="rounded-2xl border border-dashed border-slate-400 p-8 text-center dark:border-slate-600" data-testid="no-match">
        <p className="mb-2 text-xl font-bold">{t.noMatchTitle}</p>
        <p className="text-slate-700 dark:text-slate-300">{t.noMatch(shown?.state.query ?? '')}</p>
      </div>
    );
  } else if (results) {
    content = (
      <ul
        className={`${ANIMAL_GRID} relative transition-opacity duration-200 motion-reduce:transition-none ${busy ? 'opacity-50' : ''}`}
        data-testid="animal-results"
        data-busy={busy ? 'true' : 'false'}
      >
        <AnimatePresence mode="popLayout" initial={false}>
          {results.animals.map((animal) => (
            <PresenceItem key={animal._id} appear={hydrated.current}>
              <AnimalCard animal={animal} />
            </PresenceItem>
          ))}
        </AnimatePresence>
      </ul>
    );
  }

  return (
    <div dir="rtl" ref={root} data-testid="animal-search">
          <form role="search" aria-label={t.formLabel} action="/products" method="get" onSubmit={onSubmit} className="mb-4 flex flex-wrap items-end gap-4">
            <div className="flex min-w-[min(100%,16rem)] flex-1 flex-col gap-1">
              <label htmlFor="animal-search" className="font-medium">
                {t.searchLabel}
              </label>
              <input
                id="animal-search"
                type="search"
                name="query"
                value={text}
                maxLength={MAX_SEARCH_LENGTH}
                placeholder={t.searchPlaceholder}
                autoComplete="off"
                enterKeyHint="search"
                onChange={(event) => {
                  changeText(event.target.value);
                  $searchText.set(event.target.value);
                }}
                className={FIELD}
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="animal-sort" className="font-medium">
                {t.sortLabel}
              </label>
              <select
                id="animal-sort"
                name="sort"
                value={sort}
                onChange={(event) => {
                  const next = isSort(event.target.value) ? event.target.value : 'name';
                  latest.current.sort = next;
                  setSort(next);
                  commit({ query: normalizeQuery(latest.current.text), sort: next });
                }}
                className={FIELD}
              >
                <option value="name">{t.sortByName}</option>
                <option value="price">{t.sortByPrice}</option>
              </select>
            </div>
          </form>
          <p role="status" className="mb-4 min-h-6 text-slate-700 dark:text-slate-300" data-testid="result-count">
            {status}
          </p>
          <section aria-labelledby="animal-results-title" aria-busy={busy}>
            <h2 id="animal-results-title" className="sr-only">
              {t.resultsLabel}
            </h2>
            {content}
          </section>
    </div>
  );
}
