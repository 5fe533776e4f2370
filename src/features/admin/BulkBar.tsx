/**
 * One change to every animal selected in the table: hide, show, or move the price or the stock by an
 * amount or a percent (negative to lower it). The server applies it to all of them or none, records it
 * as one entry of the audit, and one button takes it back.
 */
import { useId, useState } from 'react';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, FIELD_CHECKED, FIELD_ERROR } from '../../lib/classes.ts';
import type { AdminAnimal } from '../../lib/schemas.ts';
import { adminRequest } from './admin-client.ts';
import RequestProblem, { asRequestError } from './RequestProblem.tsx';
import { adminStrings } from './strings.ts';
import type { ApiError } from '../../lib/api/errors.ts';

const t = adminStrings.bulk;

type Change = { kind: 'hide' | 'show' } | { kind: 'price' | 'stock'; by: 'amount' | 'percent'; value: number };

interface Props {
  selected: AdminAnimal[];
  onDone: (text: string) => void;
  onClear: () => void;
}

export default function BulkBar({ selected, onDone, onClear }: Props) {
  const id = useId();
  const [field, setField] = useState<'price' | 'stock'>('price');
  const [by, setBy] = useState<'amount' | 'percent'>('percent');
  const [value, setValue] = useState('');
  const [valueError, setValueError] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiError | undefined>();
  const [last, setLast] = useState<{ change: number; count: number } | undefined>();

  async function apply(change: Change) {
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await adminRequest<{ change: number; animals: AdminAnimal[] }>('/animals/bulk', {
        method: 'POST',
        body: { animals: selected.map(({ _id, version }) => ({ id: _id, version })), change },
      });
      setLast({ change: answer.change, count: answer.animals.length });
      setValue('');
      onDone(t.done(answer.animals.length));
    } catch (failure) {
      setProblem(asRequestError(failure));
    } finally {
      setBusy(false);
    }
  }

  async function undo() {
    if (!last) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await adminRequest(`/animals/bulk/${last.change}/undo`, { method: 'POST' });
      setLast(undefined);
      onDone(t.undone(last.count));
    } catch (failure) {
      setProblem(asRequestError(failure));
    } finally {
      setBusy(false);
    }
  }

  function applyNumber() {
    const amount = value.trim() === '' ? Number.NaN : Number(value);
    if (!Number.isFinite(amount) || amount === 0) {
      setValueError(t.valueRequired);
      return;
    }
    setValueError('');
    void apply({ kind: field, by, value: amount });
  }

  if (selected.length === 0 && !last && !problem) return null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-2xl border-2 border-brand-700 p-3 dark:border-brand-200"
      data-bulk
    >
      <h2 id={`${id}-title`} className="font-bold">
        {selected.length > 0 ? t.selected(selected.length) : t.title}
      </h2>
      {last && (
        <p className="flex flex-wrap items-center gap-2">
          {t.done(last.count)}
          <button type="button" disabled={busy} onClick={() => void undo()} className={`${BUTTON_SECONDARY} px-3 py-1`}>
            {t.undo}
          </button>
        </p>
      )}
      {selected.length > 0 && (
        <div className="flex flex-wrap items-end gap-3">
          <button
            type="button"
            disabled={busy}
            onClick={() => void apply({ kind: 'hide' })}
            className={`${BUTTON_SECONDARY} px-3 py-2`}
          >
            {t.hide}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void apply({ kind: 'show' })}
            className={`${BUTTON_SECONDARY} px-3 py-2`}
          >
            {t.show}
          </button>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-field`} className="text-sm">
              {t.field}
            </label>
            <select
              id={`${id}-field`}
              value={field}
              onChange={(event) => setField(event.target.value as 'price' | 'stock')}
              className={`${FIELD_CHECKED} w-auto`}
            >
              <option value="price">{t.price}</option>
              <option value="stock">{t.stock}</option>
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-by`} className="text-sm">
              {t.by}
            </label>
            <select
              id={`${id}-by`}
              value={by}
              onChange={(event) => setBy(event.target.value as 'amount' | 'percent')}
              className={`${FIELD_CHECKED} w-auto`}
            >
              <option value="percent">{t.percent}</option>
              <option value="amount">{t.amount}</option>
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-value`} className="text-sm">
              {t.value}
            </label>
            <input
              id={`${id}-value`}
              type="number"
              step="any"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              aria-invalid={valueError ? true : undefined}
              aria-describedby={valueError ? `${id}-value-error` : undefined}
              className={`${FIELD_CHECKED} w-28`}
            />
            {valueError && (
              <p id={`${id}-value-error`} className={FIELD_ERROR}>
                {valueError}
              </p>
            )}
          </div>
          <button type="button" disabled={busy} onClick={applyNumber} className={`${BUTTON_PRIMARY} px-4 py-2`}>
            {t.apply}
          </button>
          <button type="button" onClick={onClear} className={`${BUTTON_SECONDARY} px-3 py-2`}>
            {t.clear}
          </button>
        </div>
      )}
      {problem && <RequestProblem error={problem} />}
    </section>
  );
}
