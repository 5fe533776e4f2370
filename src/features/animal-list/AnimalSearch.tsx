/**
 * The animals list (/products) as an island: the view of the search box, sort select, results
 * grid and its pager. The state and the requests live in useAnimalSearch (use-animal-search.ts).
 * While a search loads, the previous results stay (dimmed, aria-busy); with none to keep, 10
 * skeleton cards show; a failure shows the error box. 'טען עוד' appends the next page: its cards
 * fade in, the ones shown stay put, and focus moves to the first new card's item.
 */
import { AnimatePresence } from 'motion/react';
import { useEffect, useMemo, useRef, type SubmitEvent } from 'react';
import { FIRST_PAGE, pageAnchorId, pagerModel, type PageWindow } from '../../lib/paging.ts';
import { categoryPath, PRODUCTS_PATH } from '../../lib/paths.ts';
import ErrorBox from '../layout/ErrorBox.tsx';
import LabelledField from '../layout/LabelledField.tsx';
import { BUTTON_SECONDARY, CARD_GRID, FIELD } from '../../lib/classes.ts';
import AnimalCard from './AnimalCard.tsx';
import AnimalCardSkeletonGrid from './AnimalCardSkeleton.tsx';
import ListPager from './ListPager.tsx';
import PastEnd, { NOTHING_HERE } from './PastEnd.tsx';
import { pageAnchor } from './page-anchor.ts';
import PresenceItem from './PresenceItem.tsx';
import { $searchText } from './search-store.ts';
import {
  MAX_SEARCH_LENGTH,
  SKELETON_COUNT,
  hasFilters,
  isSort,
  listHref,
  searchHref,
  unfiltered,
} from '../../lib/list-state.ts';
import ListFilters, { categoryOptions } from '../list-filters/ListFilters.tsx';
import FilterChips from '../list-filters/FilterChips.tsx';
import FilterSheet, { FILTER_SHEET_BUTTON_ID } from '../list-filters/FilterSheet.tsx';
import { activeFilters, without } from '../list-filters/active-filters.ts';
import { animalStrings as t } from './strings.ts';
import { filterStrings as f } from '../list-filters/strings.ts';
import { useAnimalSearch, type AnimalSearchProps } from './use-animal-search.ts';

export default function AnimalSearch(props: AnimalSearchProps) {
  const search = useAnimalSearch(props);
  const { shown, busy } = search;
  /** False during the first render: cards already on the page do not animate in. */
  const hydrated = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    hydrated.current = true;
    // The field is there before the island wakes: what the shopper typed by then is searched as if typed now.
    const typed = field.current?.value;
    if (typed !== undefined && typed !== search.text) {
      search.changeText(typed);
      $searchText.set(typed);
    }
    // Tells tests (and anyone curious) that the island is live.
    root.current?.setAttribute('data-ready', 'true');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the island wakes
  }, []);

  // After 'טען עוד', the next Tab reaches the first new card.
  useEffect(() => {
    if (search.appended) document.getElementById(pageAnchorId(search.appended.page))?.focus();
  }, [search.appended]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    search.submit();
    // Applied from the phone's sheet: the list is what the shopper wants to see now.
    event.currentTarget.querySelector<HTMLDialogElement>('dialog[open]')?.close();
  };

  const results = shown && 'result' in shown ? shown.result : undefined;
  const keep = results !== undefined && results.animals.length > 0;
  const model = shown && results ? pagerModel(shown.window, results.animals.length, results.total) : undefined;
  const hrefFor = (pages: PageWindow) => (shown ? listHref(shown.search, pages) : '');
  // The categories offered by the filter: the latest answer's facets, else the last ones known.
  const knownCategories = useRef(props.initialResult?.facets?.categories ?? []);
  if (results?.facets) knownCategories.current = results.facets.categories;
  const filtered = shown ? hasFilters(shown.search) : false;
  const categories = categoryOptions(results?.facets, knownCategories.current);
  // The form's search, not the answer on screen: a search still loading is kept.
  const clearFiltersHref = searchHref(unfiltered(search.asked));
  // Matched words are marked in the cards: the text searched for (the corrected one when corrected).
  const highlight = results?.correctedQuery ?? shown?.search.query ?? '';
  const from = shown?.window.from;
  // The cards are drawn again only for another answer: typing, and the list turning busy, change the
  // form and the status but not one card.
  const cards = useMemo(
    () =>
      results &&
      from !== undefined && (
        <AnimatePresence mode="popLayout" initial={false}>
          {results.animals.map((animal, index) => (
            <PresenceItem key={animal._id} appear={hydrated.current} {...pageAnchor(from, index)}>
              <AnimalCard animal={animal} position={index} highlight={highlight} />
            </PresenceItem>
          ))}
        </AnimatePresence>
      ),
    [results, from, highlight],
  );

  let status: string;
  if (busy) status = t.loading;
  else if (results) status = t.count(results.total);
  else status = '';

  let content;
  if (busy && !keep) {
    content = <AnimalCardSkeletonGrid count={SKELETON_COUNT} />;
  } else if (shown && 'error' in shown) {
    content = <ErrorBox message={shown.error} />;
  } else if (model?.pastEnd) {
    content = <PastEnd pages={model.pages} firstHref={hrefFor(FIRST_PAGE)} />;
  } else if (results && results.animals.length === 0) {
    content = (
      <div className={NOTHING_HERE} data-testid="no-match">
        <p className="mb-2 text-xl font-bold">{t.noMatchTitle}</p>
        <p className="text-slate-700 dark:text-slate-300">{t.noMatch(shown?.search.query ?? '')}</p>
        {filtered && (
          <p className="mt-3">
            <a href={clearFiltersHref} className="text-brand-700 underline dark:text-brand-100">
              {f.clearFilters}
            </a>
          </p>
        )}
        {knownCategories.current.length > 0 && (
          <nav aria-label={f.tryCategories} className="mt-4">
            <p className="mb-2 text-slate-700 dark:text-slate-300">{f.tryCategories}</p>
            <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2">
              {knownCategories.current.map((category) => (
                <li key={category.slug}>
                  <a href={categoryPath(category.slug)} className="text-brand-700 underline dark:text-brand-100">
                    {category.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    );
  } else if (results && shown && model) {
    content = (
      <>
        <ul
          // A new grid when the answer replaces a stand-in (./list-stand-in.ts): an animal of both lists
          // is a new card, not an old one moving up the page.
          key={search.replacements}
          className={`${CARD_GRID} relative transition-opacity duration-200 motion-reduce:transition-none list-stand-in:opacity-50 ${busy ? 'opacity-50' : ''}`}
          data-testid="animal-results"
          data-busy={busy ? 'true' : 'false'}
        >
          {cards}
        </ul>
        {search.moreError !== null && (
          <div className="mt-6">
            <ErrorBox message={search.moreError} />
          </div>
        )}
        <ListPager
          model={model}
          shownPages={shown.window}
          hrefFor={hrefFor}
          onLoadMore={search.loadMore}
          loadingMore={search.loadingMore}
        />
      </>
    );
  }

  return (
    <div dir="rtl" ref={root} data-testid="animal-search">
      <form
        role="search"
        aria-label={t.formLabel}
        action={PRODUCTS_PATH}
        method="get"
        onSubmit={onSubmit}
        className="mb-4 flex flex-wrap items-end gap-4"
      >
        <LabelledField id="animal-search" label={t.searchLabel} className="min-w-0 flex-1 sm:min-w-[min(100%,16rem)]">
          <input
            id="animal-search"
            ref={field}
            type="search"
            name="query"
            value={search.text}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder={t.searchPlaceholder}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => {
              search.changeText(event.target.value);
              $searchText.set(event.target.value);
            }}
            className={FIELD}
          />
        </LabelledField>
        <FilterSheet active={activeFilters(search.filters, []).length}>
          <LabelledField id="animal-sort" label={t.sortLabel}>
            <select
              id="animal-sort"
              name="sort"
              value={search.sort}
              onChange={(event) => search.changeSort(isSort(event.target.value) ? event.target.value : 'name')}
              className={FIELD}
            >
              <option value="name">{t.sortByName}</option>
              <option value="price">{t.sortByPrice}</option>
            </select>
          </LabelledField>
          <ListFilters filters={search.filters} categories={categories} onChange={search.changeFilters} />
          <div className="flex min-h-11 items-center gap-4">
            <button type="submit" className={`${BUTTON_SECONDARY} max-sm:px-6 max-sm:py-2`}>
              {f.applyFilters}
            </button>
            {filtered && (
              <a href={clearFiltersHref} className="text-brand-700 underline dark:text-brand-100">
                {f.clearFilters}
              </a>
            )}
          </div>
        </FilterSheet>
        <FilterChips
          filters={search.filters}
          categories={categories}
          hrefWithout={(name) => searchHref({ ...search.asked, filters: without(search.filters, name) })}
          onRemove={(name) => {
            search.changeFilters(without(search.filters, name));
            document.getElementById(FILTER_SHEET_BUTTON_ID)?.focus();
          }}
        />
        {props.source === 'index' && (
          <noscript>
            <p className="w-full text-slate-700 dark:text-slate-300">{f.filtersNeedScript}</p>
          </noscript>
        )}
      </form>
      {shown && results?.correctedQuery && (
        <p className="mb-2 text-slate-700 dark:text-slate-300" data-testid="correction">
          {f.correctedTo(results.correctedQuery)}{' '}
          <a
            href={searchHref({ ...shown.search, exact: true })}
            className="text-brand-700 underline dark:text-brand-100"
          >
            {f.searchExactly(shown.search.query)}
          </a>
        </p>
      )}
      <p
        role="status"
        className="mb-4 min-h-6 text-slate-700 dark:text-slate-300 list-stand-in:invisible"
        data-testid="result-count"
      >
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
