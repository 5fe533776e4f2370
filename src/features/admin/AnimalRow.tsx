/**
 * One row of the admin's table of animals: price and stock edited in place, hide/show, delete (asked
 * by the table). Every change carries the row's version: a row someone else changed meanwhile says
 * so, keeps what was typed and offers to load the other change.
 */
import { useState } from 'react';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, FIELD } from '../../lib/classes.ts';
import type { AdminAnimal } from '../../lib/schemas.ts';
import { adminRequest } from './admin-client.ts';
import RequestProblem, { asRequestError } from './RequestProblem.tsx';
import { editAnimalPath } from './sections.ts';
import { adminStrings } from './strings.ts';
import type { ApiError } from '../../lib/api/errors.ts';

const t = adminStrings.animals;

export default function AnimalRow({
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
  const [problem, setProblem] = useState<ApiError | undefined>();
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
      setProblem(asRequestError(error));
    } finally {
      setBusy(false);
    }
  }

  const loadOther = () => {
    const current = problem?.current as AdminAnimal | undefined;
    if (!current) return;
    onChanged(current);
    setPrice(String(current.price));
    setStock(String(current.countInStock));
    setProblem(undefined);
  };
  // A field's own message (a price below 0), the stale row's, or the server's.
  const message = problem && (problem.status === 412 ? t.stale : Object.values(problem.fields)[0]);

  return (
    <tr className="border-t border-slate-200 align-top dark:border-slate-700" data-admin-row={animal.slug}>
      <th scope="row" className="p-2 text-start font-medium">
        <a href={editAnimalPath(animal._id)} className="underline underline-offset-2">
          {animal.name}
        </a>
        {problem && (
          <RequestProblem
            error={problem}
            message={message}
            onLoadOther={loadOther}
            className="mt-1 text-sm font-medium text-red-700 dark:text-red-300"
          />
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
