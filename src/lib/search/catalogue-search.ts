/**
 * Every list the shop shows, from the catalogue index (./catalogue-index.ts) on a server or the index
 * pieces in the static build's browser (./pieces/pieced-catalogue.ts), written once for both
 * (./catalogue-reads.ts): a search's matches (docs/search.md), and when a text
 * finds nothing the same text in the other keyboard layout, then with its spelling corrected
 * (./search-corrections.ts); the filters and facets (./search-filters.ts); the exact total; the page in
 * the sort's order. A category's pages and /products without text are the same list with no text; the
 * owner's table of animals is adminList (hidden animals too, no corrections).
 */
import { passesStock, type AdminListFilters } from '../admin-list.ts';
import type { AnimalSort } from '../catalogue-rules.ts';
import type { CatalogueIndex } from './catalogue-index.ts';
import type { ListedCatalogue } from './catalogue-reads.ts';
import type { ReadMatch } from './catalogue-index-rows.ts';
import type { SearchFacets } from '../schemas.ts';
import { correctSpelling, otherLayout } from './search-corrections.ts';
import { facetsOf, passesFilters, type FacetCategory, type SearchFilters } from './search-filters.ts';
import { compareBySort, firstInOrder, pageOffset } from './search-rules.ts';

/** What a list asks for. */
export interface ListQuery {
  search: string;
  sort: AnimalSort;
  limit?: number | undefined;
  page?: number | undefined;
  /** The text as typed, without corrections. */
  exact?: boolean | undefined;
}

/** A list's page (the animals' ids, in order), its exact total and facets, and the correction made. */
interface Listed {
  ids: string[];
  total: number;
  facets: SearchFacets;
  correctedQuery?: string;
  correction?: 'layout' | 'spelling';
}

/** A text's matches, with its facets and total under the filters. */
interface Found {
  text: string;
  none: boolean;
  matches: readonly ReadMatch[];
  facets: SearchFacets;
  total: number;
}

/** The list `query` asks for, under `filters`; `categories` (in catalogue order) name the facets. */
export function listCatalogue(
  index: ListedCatalogue,
  query: ListQuery,
  filters: SearchFilters,
  categories: readonly FacetCategory[],
): Listed {
  const matched = (search: string): Found => {
    const found = index.matches(search);
    return { ...found, ...facetsOf(found.matches, filters, categories) };
  };
  let found = matched(query.search);
  let correction: Pick<Listed, 'correctedQuery' | 'correction'> = {};
  if (found.total === 0 && found.text && !found.none && !query.exact) {
    const layout = otherLayout(query.search);
    const byLayout = layout === undefined ? undefined : matched(layout);
    if (byLayout && byLayout.total > 0) {
      found = byLayout;
      correction = { correctedQuery: layout!, correction: 'layout' };
    } else {
      const spelled = correctSpelling(query.search, index.vocabulary());
      const bySpelling = spelled === undefined ? undefined : matched(spelled);
      if (bySpelling && bySpelling.total > 0) {
        found = bySpelling;
        correction = { correctedQuery: spelled!, correction: 'spelling' };
      }
    }
  }
  const offset = pageOffset(query);
  const ids =
    found.total === 0 || offset >= found.total
      ? []
      : found.text
        ? pageOf(found.matches, filters, query.sort, offset, query.limit)
        : walk(index.inOrder(query.sort), filters, offset, query.limit);
  return { ids, total: found.total, facets: found.facets, ...correction };
}

/** The page of `matches` that pass the filters, in `sort`'s order. */
function pageOf(
  matches: readonly ReadMatch[],
  filters: SearchFilters,
  sort: AnimalSort,
  offset: number,
  limit: number | undefined,
): string[] {
  const passing = matches.filter((match) => passesFilters(match, filters));
  const order = compareBySort(sort);
  const sorted =
    limit === undefined ? [...passing].sort(order) : firstInOrder(passing, order, offset + limit).slice(offset);
  return (limit === undefined ? sorted.slice(offset) : sorted).map((match) => match.id);
}

/** The page of animals already in order that pass the filters: the walk stops once the page is full. */
function walk(
  sorted: readonly ReadMatch[],
  filters: SearchFilters,
  offset: number,
  limit: number | undefined,
): string[] {
  const ids: string[] = [];
  let skipped = 0;
  for (const animal of sorted) {
    if (!passesFilters(animal, filters)) continue;
    if (skipped < offset) skipped++;
    else if (limit !== undefined && ids.length >= limit) break;
    else ids.push(animal.id);
  }
  return ids;
}

/**
 * The owner's table: the animals of `shown` and of `hidden` (an index of the hidden animals) that the
 * text matches as typed, read by `shown`'s words, under the table's filters (category, shown or hidden,
 * stock), in the order asked (name by default; ties by name); the page's ids and the exact total.
 */
export function adminList(
  shown: CatalogueIndex,
  hidden: CatalogueIndex,
  search: string,
  offset: number,
  limit: number,
  filters: AdminListFilters = {},
): { ids: string[]; total: number } {
  const plan = shown.plan(search);
  const found = shown.matches(plan);
  if (found.none) return { ids: [], total: 0 };
  const matches = [
    ...(filters.state === 'hidden' ? [] : found.matches),
    ...(filters.state === 'shown' ? [] : hidden.matches(plan).matches),
  ].filter(
    (match) =>
      (filters.category === undefined || match.category === filters.category) &&
      passesStock(match.countInStock, filters.stock),
  );
  const page = firstInOrder(matches, adminOrder(filters), offset + limit).slice(offset);
  return { ids: page.map((match) => match.id), total: matches.length };
}

const byName = compareBySort('name');

/** The table's order: a column, ascending or descending, ties by name. */
function adminOrder({ sort = 'name', order = 'asc' }: AdminListFilters): (a: ReadMatch, b: ReadMatch) => number {
  const direction = order === 'desc' ? -1 : 1;
  if (sort === 'name') return (a, b) => direction * byName(a, b);
  const key = (match: ReadMatch) =>
    sort === 'price' ? match.price : sort === 'stock' ? match.countInStock : match.rating;
  return (a, b) => direction * (key(a) - key(b)) || byName(a, b);
}
