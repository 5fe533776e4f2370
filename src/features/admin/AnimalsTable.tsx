/**
 * The admin's table of animals (/admin): searched by the shop's own rules (hidden animals included and
 * marked), a page at a time, each row editable in place (./AnimalRow.tsx); delete after a confirmation
 * naming the animal.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, FIELD } from '../../lib/classes.ts';
import type { AdminAnimal } from '../../lib/schemas.ts';
import { adminRequest } from './admin-client.ts';
import AnimalRow from './AnimalRow.tsx';
import RequestProblem, { asRequestError } from './RequestProblem.tsx';
import { newAnimalPath } from './sections.ts';
import { adminStrings } from './strings.ts';
import { ApiError } from '../../lib/api/errors.ts';

const t = adminStrings.animals;
const PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

interface Page {
  animals: AdminAnimal[];
  total: number;
}

export default function AnimalsTable() {
  const id = useId();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const [page, setPage] = useState<Page | undefined>();
  const [error, setError] = useState<ApiError | undefined>();
  const [deleting, setDeleting] = useState<AdminAnimal | undefined>();
  const [notice, setNotice] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setPageNumber(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    let current = true;
    const params = new URLSearchParams({ search: query, page: String(pageNumber), limit: String(PAGE_SIZE) });
    adminRequest<Page>(`/animals?${params}`).then(
      (answer) => {
        if (!current) return;
        setPage(answer);
        setError(undefined);
      },
      (failure: unknown) => {
        if (current) setError(failure instanceof ApiError ? failure : new ApiError(adminStrings.form.network));
      },
    );
    return () => {
      current = false;
    };
  }, [query, pageNumber]);

  useEffect(() => {
    if (deleting) dialog.current?.showModal();
    else dialog.current?.close();
  }, [deleting]);

  const replace = (animal: AdminAnimal) =>
    setPage(
      (before) =>
        before && { ...before, animals: before.animals.map((row) => (row._id === animal._id ? animal : row)) },
    );

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
      setNotice(t.deleted(animal.name));
    } catch (failure) {
      setError(asRequestError(failure));
    }
  }

  const pages = page ? Math.max(1, Math.ceil(page.total / PAGE_SIZE)) : 1;
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
      <div className="flex max-w-md flex-col gap-1">
        <label htmlFor={`${id}-search`} className="font-medium">
          {t.searchLabel}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className={FIELD}
        />
      </div>
      <p role="status" className="min-h-6">
        {notice || (page ? (page.total === 0 ? t.none : t.found(page.total)) : t.loading)}
      </p>
      {error && <RequestProblem error={error} />}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[48rem] border-collapse text-start">
          <caption className="sr-only">{t.caption}</caption>
          <thead>
            <tr className="text-start">
              {[t.name, t.category, t.price, t.stock, t.rating, t.state, t.actions].map((heading) => (
                <th key={heading} scope="col" className="p-2 text-start">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {page?.animals.map((animal) => (
              <AnimalRow key={animal._id} animal={animal} onChanged={replace} onDelete={setDeleting} />
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label={t.pageOf(pageNumber, pages)} className="flex items-center gap-4">
        <button
          type="button"
          disabled={pageNumber <= 1}
          onClick={() => setPageNumber((n) => n - 1)}
          className={`${BUTTON_SECONDARY} px-3 py-1 disabled:opacity-50`}
        >
          {t.previous}
        </button>
        <span>{t.pageOf(pageNumber, pages)}</span>
        <button
          type="button"
          disabled={pageNumber >= pages}
          onClick={() => setPageNumber((n) => n + 1)}
          className={`${BUTTON_SECONDARY} px-3 py-1 disabled:opacity-50`}
        >
          {t.next}
        </button>
      </nav>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-confirm`}
        onClose={() => setDeleting(undefined)}
        className="m-auto rounded-2xl bg-white p-6 text-slate-900 backdrop:bg-black/50 dark:bg-slate-900 dark:text-slate-100"
      >
        <p id={`${id}-confirm`} className="mb-4 text-lg">
          {deleting ? t.confirmDelete(deleting.name) : ''}
        </p>
        <div className="flex gap-2">
          <button type="button" onClick={() => void confirmDelete()} className={`${BUTTON_PRIMARY} px-4 py-2`}>
            {t.delete}
          </button>
          <button type="button" onClick={() => setDeleting(undefined)} className={`${BUTTON_SECONDARY} px-4 py-2`}>
            {t.cancel}
          </button>
        </div>
      </dialog>
    </section>
  );
}
