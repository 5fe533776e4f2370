/**
 * The admin's table of animals (/admin): searched by the shop's own rules (hidden animals included and
 * marked), a page at a time; price and stock edited in the row; hide/show; delete after a confirmation
 * naming the animal. Every change carries the row's version: a row someone else changed meanwhile says
 * so, keeps what was typed and offers to load the other change.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, FIELD } from '../../lib/classes.ts';
import type { AdminAnimal } from '../../lib/schemas.ts';
import { AdminRequestError, adminRequest, signInAgainHref } from './admin-client.ts';
import { editAnimalPath, newAnimalPath } from './sections.ts';
import { adminStrings } from './strings.ts';

const t = adminStrings.animals;
const PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

interface Page {
  animals: AdminAnimal[];
  total: number;
}

interface RowProblem {
  message: string;
  signIn?: boolean;
  current?: AdminAnimal;
}

function Row({
  animal,
  onChanged,
  onDelete,
}: {
  animal: AdminAnimal;
  onChanged: (animal: AdminAnimal) => void;
  onDelete: (animal: AdminAnimal) => void;
}) {
  const [price, setPrice] = useState(String(animal.price));
  const [stock, setStock] = useState(String(animal.countInStock));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<RowProblem | undefined>();
  const [saved, setSaved] = useState(false);
  const changed = price !== String(animal.price) || stock !== String(animal.countInStock);

  async function change(patch: Partial<AdminAnimal>) {
    setBusy(true);
    setProblem(undefined);
    setSaved(false);
    try {
      const next = await adminRequest<AdminAnimal>(`/animals/${animal._id}`, {
        method: 'PATCH',
        body: patch,
        version: animal.version,
      });
      onChanged(next);
      setSaved(true);
    } catch (error) {
      const refused = error instanceof AdminRequestError ? error : new AdminRequestError(0, adminStrings.form.network);
      const fieldMessage = Object.values(refused.fields)[0];
      setProblem({
        message: refused.status === 412 ? t.stale : (fieldMessage ?? refused.message),
        signIn: refused.status === 401,
        ...(refused.status === 412 ? { current: refused.current as AdminAnimal } : {}),
      });
    } finally {
      setBusy(false);
    }
  }

  const loadOther = () => {
    if (!problem?.current) return;
    onChanged(problem.current);
    setPrice(String(problem.current.price));
    setStock(String(problem.current.countInStock));
    setProblem(undefined);
  };

  return (
    <tr className="border-t border-slate-200 align-top dark:border-slate-700" data-admin-row={animal.slug}>
      <th scope="row" className="p-2 text-start font-medium">
        <a href={editAnimalPath(animal._id)} className="underline underline-offset-2">
          {animal.name}
        </a>
        {problem && (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
            {problem.message}{' '}
            {problem.signIn && (
              <a href={signInAgainHref()} className="underline">
                {adminStrings.form.signIn}
              </a>
            )}
            {problem.current && (
              <button type="button" onClick={loadOther} className="underline">
                {t.loadOther}
              </button>
            )}
          </p>
        )}
      </th>
      <td className="p-2">{animal.category}</td>
      <td className="p-2">
        <input
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          aria-label={t.priceOf(animal.name)}
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          className={`${FIELD} w-28`}
        />
      </td>
      <td className="p-2">
        <input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-label={t.stockOf(animal.name)}
          value={stock}
          onChange={(event) => setStock(event.target.value)}
          className={`${FIELD} w-24`}
        />
      </td>
      <td className="p-2">{animal.rating}</td>
      <td className="p-2">
        <span
          className={
            animal.hidden
              ? 'rounded-full bg-amber-100 px-2 py-1 text-sm font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100'
              : 'text-sm'
          }
        >
          {animal.hidden ? t.hidden : t.shown}
        </span>
      </td>
      <td className="p-2">
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={!changed || busy}
            onClick={() => void change({ price: Number(price), countInStock: Number(stock) })}
            className={`${BUTTON_PRIMARY} px-3 py-1 disabled:opacity-50`}
          >
            {t.save}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void change({ hidden: !animal.hidden })}
            className={`${BUTTON_SECONDARY} px-3 py-1`}
          >
            {animal.hidden ? t.show : t.hide}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => onDelete(animal)}
            className={`${BUTTON_SECONDARY} px-3 py-1`}
          >
            {t.delete}
          </button>
          <span role="status" className="self-center text-sm">
            {saved && !changed ? t.saved : ''}
          </span>
        </div>
      </td>
    </tr>
  );
}

export default function AnimalsTable() {
  const id = useId();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const [page, setPage] = useState<Page | undefined>();
  const [error, setError] = useState<AdminRequestError | undefined>();
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
        if (current)
          setError(
            failure instanceof AdminRequestError ? failure : new AdminRequestError(0, adminStrings.form.network),
          );
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
      setError(failure instanceof AdminRequestError ? failure : new AdminRequestError(0, adminStrings.form.network));
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
      {error && (
        <p role="alert" className="font-medium text-red-700 dark:text-red-300">
          {error.message}{' '}
          {error.status === 401 && (
            <a href={signInAgainHref()} className="underline">
              {adminStrings.form.signIn}
            </a>
          )}
        </p>
      )}
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
              <Row key={animal._id} animal={animal} onChanged={replace} onDelete={setDeleting} />
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
