/**
 * The filters that are on, as chips under the list's search box on a phone (the sheet hides the
 * fields there): each names its filter and removes it. A chip is a link to the same search without
 * that filter, so it works without JavaScript; with it, the island applies the change in place.
 * From the small breakpoint up the fields themselves are in view, and the chips are not shown.
 */
import type { ListFilters } from '../../lib/list-state.ts';
import { activeFilters, type FilterName } from './active-filters.ts';
import { filterStrings as f } from './strings.ts';

interface Props {
  filters: ListFilters;
  /** The categories known (a chip names its category). */
  categories: readonly { slug: string; name: string }[];
  /** The list's address without one filter. */
  hrefWithout: (name: FilterName) => string;
  onRemove: (name: FilterName) => void;
}

export default function FilterChips({ filters, categories, hrefWithout, onRemove }: Props) {
  const chips = activeFilters(filters, categories);
  if (chips.length === 0) return null;
  return (
    <ul aria-label={f.chipsLabel} className="flex w-full flex-wrap gap-2 sm:hidden" data-testid="filter-chips">
      {chips.map(({ name, text }) => (
        <li key={name}>
          <a
            href={hrefWithout(name)}
            onClick={(event) => {
              event.preventDefault();
              onRemove(name);
            }}
            aria-label={f.removeFilter(text)}
            className="flex min-h-9 items-center gap-2 rounded-full border border-brand-700 bg-brand-50 px-3 text-sm text-brand-800 hover:bg-brand-100 dark:border-brand-200 dark:bg-slate-800 dark:text-brand-100 dark:hover:bg-slate-700"
          >
            {text}
            <span aria-hidden="true" className="text-base leading-none">
              ×
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
