/**
 * The admin's table of animals: searched by the shop's own rules (hidden animals included and marked),
 * filtered (category, shown or hidden, stock) and sorted by its columns, a page at a time, with all of
 * that in the URL (so Back from an animal returns to the same list). Each row is edited in place
 * (./AnimalRow.tsx; a card below the small breakpoint); rows can be selected for one change to all of
 * them (./BulkBar.tsx); delete moves an animal to the trash after a confirmation naming it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ADMIN_SORTS, type AdminOrder, type AdminSort } from '../../lib/admin-list.ts';
import { BUTTON_DANGER, BUTTON_PRIMARY, BUTTON_SECONDARY, FIELD } from '../../lib/classes.ts';
import type { AdminAnimal } from '../../lib/schemas.ts';
import { adminRequest } from './admin-client.ts';
import AnimalRow from './AnimalRow.tsx';
import RequestProblem, { asRequestError } from './RequestProblem.tsx';
import { listQueryOf, listSearchOf, type ListQuery } from './list-query.ts';
import { LIST_KEY, newAnimalPath, TRASH_PATH } from './sections.ts';
import BulkBar from './BulkBar.tsx';
import { adminStrings } from './strings.ts';
import { ApiError } from '../../lib/api/errors.ts';

const t = adminStrings.animals;
const PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

interface Page {
  animals: AdminAnimal[];
  total: number;
}

interface Props {
  categories: { slug: string; name: string }[];
}

/** The columns a heading sorts by. */
const SORTED_BY: Partial<Record<string, AdminSort>> = {
  name: 'name',
  price: 'price',
  stock: 'stock',
  rating: 'rating',
};

export default function AnimalsTable({ categories }: Props) {
  const id = useId();
  const [query, setQuery] = useState<ListQuery>(() =>
    typeof location === 'undefined' ? listQueryOf('') : listQueryOf(location.search),
  );
  const [search, setSearch] = useState(query.search);
  const [page, setPage] = useState<Page | undefined>();
  /** The filters and order the rows on screen answer: until the latest ones are answered, the table is busy. */
  const [answered, setAnswered] = useState<ListQuery | undefined>();
  const [error, setError] = useState<ApiError | undefined>();
  const [deleting, setDeleting] = useState<AdminAnimal | undefined>();
  const [notice, setNotice] = useState<{ text: string; trash?: boolean } | undefined>();
  const [reload, setReload] = useState(0);
  const [selected, setSelected] = useState<ReadonlyMap<string, AdminAnimal>>(new Map());
  const dialog = useRef<HTMLDialogElement>(null);
  const names = new Map(categories.map(({ slug, name }) => [slug, name]));

  const change = (next: Partial<ListQuery>) => setQuery((before) => ({ ...before, page: 1, ...next }));

  useEffect(() => {
    const timer = setTimeout(() => {
      if (search.trim() !== query.search) change({ search: search.trim() });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the typed text only
  }, [search]);

  useEffect(() => {
    const url = `${location.pathname}${listSearchOf(query)}`;
    if (url !== location.pathname + location.search) history.replaceState(history.state, '', url);
    try {
      sessionStorage.setItem(LIST_KEY, listSearchOf(query));
    } catch {
      // No storage: the way back is the plain list.
    }
    let current = true;
    const params = new URLSearchParams(listSearchOf({ ...query }, { api: true }).slice(1));
    params.set('limit', String(PAGE_SIZE));
    adminRequest<Page>(`/animals?${params}`).then(
      (answer) => {
        if (!current) return;
        setPage(answer);
        setAnswered(query);
        setError(undefined);
      },
      (failure: unknown) => {
        if (current) setError(failure instanceof ApiError ? failure : new ApiError(adminStrings.form.network));
      },
    );
    return () => {
      current = false;
    };
  }, [query, reload]);

  useEffect(() => {
    if (deleting) dialog.current?.showModal();
    else dialog.current?.close();
  }, [deleting]);

  const replace = (animal: AdminAnimal) => {
    setPage(
      (before) =>
        before && { ...before, animals: before.animals.map((row) => (row._id === animal._id ? animal : row)) },
    );
    setSelected((before) => (before.has(animal._id) ? new Map(before).set(animal._id, animal) : before));
  };

  async function confirmDelete() {
    if (!deleting) return;
    const animal = deleting;
    setDeleting(undefined);
    try {
      await adminRequest(`/animals/${animal._id}`, { method: 'DELETE', version: animal.version });
      setPage(
        (before) =>
          before && { animals: before.animals.filter((row) => row._id !== animal._id), total: before.total - 1 },
      );
      setSelected((before) => {
        const next = new Map(before);
        next.delete(animal._id);
        return next;
      });
      setNotice({ text: t.deleted(animal.name), trash: true });
    } catch (failure) {
      setError(asRequestError(failure));
    }
  }

  const select = (animal: AdminAnimal, on: boolean) =>
    setSelected((before) => {
      const next = new Map(before);
      if (on) next.set(animal._id, animal);
      else next.delete(animal._id);
      return next;
    });
  const rows = page?.animals ?? [];
  const allSelected = rows.length > 0 && rows.every((animal) => selected.has(animal._id));

  const sortBy = (sort: AdminSort) =>
    change({ sort, order: query.sort === sort && query.order === 'asc' ? 'desc' : 'asc' });
  const ariaSort = (sort: AdminSort | undefined) =>
    sort && query.sort === sort ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined;

  const headings: [key: string, text: string][] = [
    ['name', t.name],
    ['category', t.category],
    ['price', t.price],
    ['stock', t.stock],
    ['rating', t.rating],
    ['state', t.state],
    ['actions', t.actions],
  ];
  const pages = page ? Math.max(1, Math.ceil(page.total / PAGE_SIZE)) : 1;
  const select_ = `${FIELD} w-auto`;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 id={`${id}-title`} className="text-3xl font-bold">
          {t.title}
        </h1>
        <a href={newAnimalPath} className={`${BUTTON_PRIMARY} px-4 py-2`}>
          {t.add}
        </a>
      </div>
      <div className="flex flex-wrap items-end gap-3" role="search">
        <div className="flex min-w-56 grow flex-col gap-1">
          <label htmlFor={`${id}-search`}>{t.searchLabel}</label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={FIELD}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-category`}>{t.category}</label>
          <select
            id={`${id}-category`}
            value={query.category ?? ''}
            onChange={(event) => change({ category: event.target.value || undefined })}
            className={select_}
          >
            <option value="">{t.anyCategory}</option>
            {categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-state`}>{t.state}</label>
          <select
            id={`${id}-state`}
            value={query.state ?? ''}
            onChange={(event) => change({ state: (event.target.value || undefined) as ListQuery['state'] })}
            className={select_}
          >
            <option value="">{t.anyState}</option>
            <option value="shown">{t.onlyShown}</option>
            <option value="hidden">{t.onlyHidden}</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-stock`}>{t.stock}</label>
          <select
            id={`${id}-stock`}
            value={query.stock ?? ''}
            onChange={(event) => change({ stock: (event.target.value || undefined) as ListQuery['stock'] })}
            className={select_}
          >
            <option value="">{t.anyStock}</option>
            <option value="out">{t.onlySoldOut}</option>
            <option value="low">{t.onlyLowStock}</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-sort`}>{t.sortLabel}</label>
          <select
            id={`${id}-sort`}
            value={`${query.sort}-${query.order}`}
            onChange={(event) => {
              const [sort, order] = event.target.value.split('-') as [AdminSort, AdminOrder];
              change({ sort, order });
            }}
            className={select_}
          >
            {ADMIN_SORTS.flatMap((sort) =>
              (['asc', 'desc'] as const).map((order) => (
                <option key={`${sort}-${order}`} value={`${sort}-${order}`}>
                  {t.sortOption(sort, order)}
                </option>
              )),
            )}
          </select>
        </div>
      </div>
      <p role="status" className="min-h-6">
        {notice ? (
          <>
            {notice.text}{' '}
            {notice.trash && (
              <a href={TRASH_PATH} className="underline">
                {t.toTrash}
              </a>
            )}
          </>
        ) : page ? (
          page.total === 0 ? (
            t.none
          ) : (
            t.found(page.total)
          )
        ) : (
          t.loading
        )}
      </p>
      {error && <RequestProblem error={error} />}
      <BulkBar
        selected={[...selected.values()]}
        onDone={(text) => {
          setSelected(new Map());
          setNotice({ text });
          setReload((n) => n + 1);
        }}
        onClear={() => setSelected(new Map())}
      />
      <div className="sm:overflow-x-auto">
        <table
          className="w-full border-collapse text-start max-sm:block sm:min-w-[52rem]"
          aria-busy={answered !== query}
        >
          <caption className="sr-only">{t.caption}</caption>
          <thead className="max-sm:sr-only">
            <tr className="text-start">
              <th scope="col" className="p-2 text-start">
                <input
                  type="checkbox"
                  checked={allSelected}
                  onChange={(event) => rows.forEach((animal) => select(animal, event.target.checked))}
                  aria-label={t.selectPage}
                  className="size-5"
                />
              </th>
              {headings.map(([key, heading]) => {
                const sort = SORTED_BY[key];
                return (
                  <th key={key} scope="col" className="p-2 text-start" aria-sort={ariaSort(sort)}>
                    {sort ? (
                      <button
                        type="button"
                        onClick={() => sortBy(sort)}
                        className="font-bold underline-offset-2 hover:underline"
                      >
                        {heading}
                        <span aria-hidden="true">
                          {query.sort === sort ? (query.order === 'asc' ? ' ▲' : ' ▼') : ''}
                        </span>
                      </button>
                    ) : (
                      heading
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {rows.map((animal) => (
              <AnimalRow
                key={animal._id}
                animal={animal}
                categoryName={names.get(animal.category) ?? animal.category}
                selected={selected.has(animal._id)}
                onSelect={(on) => select(animal, on)}
                onChanged={replace}
                onDelete={setDeleting}
              />
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label={t.paging} className="flex flex-wrap items-center gap-4">
        <button
          type="button"
          disabled={query.page <= 1}
          onClick={() => setQuery((before) => ({ ...before, page: before.page - 1 }))}
          className={`${BUTTON_SECONDARY} px-3 py-1 disabled:opacity-50`}
        >
          {t.previous}
        </button>
        <span>{t.pageOf(query.page, pages)}</span>
        <button
          type="button"
          disabled={query.page >= pages}
          onClick={() => setQuery((before) => ({ ...before, page: before.page + 1 }))}
          className={`${BUTTON_SECONDARY} px-3 py-1 disabled:opacity-50`}
        >
          {t.next}
        </button>
      </nav>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-confirm`}
        onClose={() => setDeleting(undefined)}
        className="m-auto max-w-md rounded-2xl bg-white p-6 text-slate-900 backdrop:bg-black/50 dark:bg-slate-900 dark:text-slate-100"
      >
        <p id={`${id}-confirm`} className="mb-4 text-lg">
          {deleting ? t.confirmDelete(deleting.name) : ''}
        </p>
        <div className="flex gap-2">
          <button type="button" onClick={() => void confirmDelete()} className={`${BUTTON_DANGER} px-4 py-2`}>
            {t.toTrashButton}
          </button>
          <button type="button" onClick={() => setDeleting(undefined)} className={`${BUTTON_SECONDARY} px-4 py-2`}>
            {t.cancel}
          </button>
        </div>
      </dialog>
    </section>
  );
}
