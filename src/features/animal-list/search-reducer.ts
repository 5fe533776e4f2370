/**
 * What the animals list shows, as one state and the events that change it (React's useReducer in
 * use-animal-search.ts): the text and sort in the form, the answer shown, the search being loaded,
 * 'טען עוד' in progress or failed, the page whose first card takes focus after it, and whether the
 * list shown only stands in for the address's (./list-stand-in.ts).
 */
import type { AnimalSort } from '../../lib/schemas.ts';
import type { ListResult } from './listed-animal.ts';
import type { ListFilters, ListState, SearchState } from '../../lib/list-state.ts';

/** An answer on screen: the search and pages it is for, and their animals or the error box's text. */
export type Shown = ListState & ({ result: ListResult } | { error: string });

interface SearchView {
  text: string;
  sort: AnimalSort;
  filters: ListFilters;
  shown: Shown | null;
  /** The search and pages being loaded (the list is busy), or null. */
  pending: ListState | null;
  loadingMore: boolean;
  moreError: string | null;
  /** The page whose first card takes focus after 'טען עוד' (a new object each time). */
  appended: { page: number } | null;
  /** The list shown is not the address's but stands in for it until its answer (a static host's plain list). */
  standIn: boolean;
  /** How many answers replaced a stand-in: the grid's key, so their cards are new elements, not moved ones. */
  replacements: number;
}

export type SearchEvent =
  | { type: 'typed'; text: string }
  | { type: 'sorted'; sort: AnimalSort }
  | { type: 'filtered'; filters: ListFilters }
  /**
   * The form shows a search from the URL (Back, Forward, a URL the page was not rendered for: then the
   * list shown stands in for it).
   */
  | { type: 'restored'; search: SearchState; standIn?: boolean }
  | { type: 'loading'; list: ListState }
  | { type: 'answered'; shown: Shown }
  | { type: 'loadingMore' }
  | { type: 'appended'; shown: Shown; page: number }
  | { type: 'moreFailed'; error: string };

/** The first state: the server's answer (or error) for `initial`, or nothing yet while it loads. */
export function initialView(
  initial: ListState,
  initialResult: ListResult | undefined,
  initialError: string | undefined,
): SearchView {
  const shown: Shown | null = initialResult
    ? { ...initial, result: initialResult }
    : initialError !== undefined
      ? { ...initial, error: initialError }
      : null;
  return {
    text: initial.search.query,
    sort: initial.search.sort,
    filters: initial.search.filters ?? {},
    shown,
    pending: shown ? null : initial,
    loadingMore: false,
    moreError: null,
    appended: null,
    standIn: false,
    replacements: 0,
  };
}

export function searchReducer(view: SearchView, event: SearchEvent): SearchView {
  switch (event.type) {
    case 'typed':
      return { ...view, text: event.text };
    case 'sorted':
      return { ...view, sort: event.sort };
    case 'filtered':
      return { ...view, filters: event.filters };
    case 'restored':
      return {
        ...view,
        text: event.search.query,
        sort: event.search.sort,
        filters: event.search.filters ?? {},
        standIn: view.standIn || event.standIn === true,
      };
    case 'loading':
      return { ...view, pending: event.list, loadingMore: false, moreError: null };
    case 'answered':
      return {
        ...view,
        shown: event.shown,
        pending: null,
        loadingMore: false,
        moreError: null,
        standIn: false,
        replacements: view.standIn ? view.replacements + 1 : view.replacements,
      };
    case 'loadingMore':
      return { ...view, loadingMore: true, moreError: null };
    case 'appended':
      return { ...view, shown: event.shown, loadingMore: false, appended: { page: event.page } };
    case 'moreFailed':
      return { ...view, loadingMore: false, moreError: event.error };
  }
}
