/**
 * The list's filters beside the sort: price from/to, 'רק במלאי', a lowest rating and a
 * category. Plain form fields named as the URL's parameters, so the form works without JavaScript
 * (GET /products, the server renders the filtered list); with it, the checkbox and the selects apply
 * at once and typed prices after the search's pause (src/features/animal-list/use-animal-search.ts). The category options
 * show how many animals each would give (the answer's facets), when the answer has them.
 */
import { useEffect, useState } from 'react';
import { FIELD } from '../../lib/classes.ts';
import LabelledField from '../layout/LabelledField.tsx';
import { MAX_RATING } from '../../lib/catalogue-rules.ts';
import type { ListFilters as Filters } from '../../lib/list-state.ts';
import type { SearchFacets } from '../../lib/schemas.ts';
import { filterStrings as f } from './strings.ts';

interface Props {
  filters: Filters;
  /** The categories to offer, with counts when known. */
  categories: readonly { slug: string; name: string; count?: number | undefined }[];
  onChange: (filters: Filters, options?: { typed?: boolean }) => void;
}

const RATINGS = Array.from({ length: MAX_RATING - 1 }, (_, index) => index + 1);

/** A typed price: a number from 0, or absent. */
function priceOf(text: string): number | undefined {
  const number = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(number) && number >= 0 ? number : undefined;
}

const priceText = (value: number | undefined) => (value === undefined ? '' : String(value));

export default function ListFilters({ filters, categories, onChange }: Props) {
  // Prices as typed (a half-typed number is not lost); they follow the filters when those change otherwise.
  const [minText, setMinText] = useState(priceText(filters.minPrice));
  const [maxText, setMaxText] = useState(priceText(filters.maxPrice));
  useEffect(() => {
    if (priceOf(minText) !== filters.minPrice) setMinText(priceText(filters.minPrice));
    if (priceOf(maxText) !== filters.maxPrice) setMaxText(priceText(filters.maxPrice));
    // Only when the filters change from elsewhere (Back, Forward, clearing).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters.minPrice, filters.maxPrice]);

  const set = (patch: Partial<Filters>, typed = false) => onChange({ ...filters, ...patch }, { typed });

  return (
    // A grid of fixed tracks (not a wrapping row): its layout does not move when the web font arrives.
    <fieldset className="grid w-full grid-cols-2 items-end gap-4 md:grid-cols-5">
      <legend className="sr-only">{f.filtersLabel}</legend>
      <PriceField
        id="filter-min-price"
        name="minPrice"
        label={f.minPrice}
        text={minText}
        onText={(text) => {
          setMinText(text);
          set({ minPrice: priceOf(text) }, true);
        }}
      />
      <PriceField
        id="filter-max-price"
        name="maxPrice"
        label={f.maxPrice}
        text={maxText}
        onText={(text) => {
          setMaxText(text);
          set({ maxPrice: priceOf(text) }, true);
        }}
      />
      <LabelledField id="filter-rating" label={f.minRating}>
        <select
          id="filter-rating"
          name="minRating"
          value={filters.minRating === undefined ? '' : String(filters.minRating)}
          onChange={(event) => set({ minRating: event.target.value ? Number(event.target.value) : undefined })}
          className={FIELD}
        >
          <option value="">{f.anyRating}</option>
          {RATINGS.map((stars) => (
            <option key={stars} value={stars}>
              {f.ratingAtLeast(stars)}
            </option>
          ))}
        </select>
      </LabelledField>
      <LabelledField id="filter-category" label={f.category}>
        <select
          id="filter-category"
          name="category"
          value={filters.category ?? ''}
          onChange={(event) => set({ category: event.target.value || undefined })}
          className={FIELD}
        >
          <option value="">{f.anyCategory}</option>
          {categories.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.count === undefined ? category.name : f.categoryWithCount(category.name, category.count)}
            </option>
          ))}
        </select>
      </LabelledField>
      <label className="col-span-2 flex min-h-11 items-center gap-2 md:col-span-1">
        <input
          type="checkbox"
          name="inStock"
          value="1"
          checked={filters.inStock === true}
          onChange={(event) => set({ inStock: event.target.checked || undefined })}
          className="size-5 accent-brand-700"
        />
        {f.inStock}
      </label>
    </fieldset>
  );
}

/** A price from or to, as typed (whole shekels or not, from 0). */
function PriceField(props: { id: string; name: string; label: string; text: string; onText: (text: string) => void }) {
  return (
    <LabelledField id={props.id} label={props.label}>
      <input
        id={props.id}
        name={props.name}
        type="number"
        inputMode="numeric"
        min={0}
        value={props.text}
        onChange={(event) => props.onText(event.target.value)}
        className={FIELD}
      />
    </LabelledField>
  );
}

/** The categories to offer: the answer's facets (with counts), else the last ones known (names only). */
export function categoryOptions(
  facets: SearchFacets | undefined,
  known: readonly { slug: string; name: string }[],
): { slug: string; name: string; count?: number }[] {
  return facets ? facets.categories : known.map(({ slug, name }) => ({ slug, name }));
}
